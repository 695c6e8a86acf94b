package org.nightbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

@SpringBootTest
@ActiveProfiles("test")
class SyntheticHistoryWriterTests {

  @Autowired SyntheticHistoryWriter writer;
  @Autowired JdbcClient jdbc;

  @Test
  void writesOneRunPerNightAndEveryPointWithItsSamples() {
    SyntheticHistoryWriter.Written written = writer.write(settings("synthetic-a", 120, 12, 1));

    assertThat(written.runs()).isEqualTo(120);
    assertThat(written.points()).isEqualTo(120 * 12);
    assertThat(count("select count(*) from run where machine = 'synthetic-a'")).isEqualTo(120);
    assertThat(
            count(
                "select count(*) from measurement m join series s on s.id = m.series_id"
                    + " where s.machine = 'synthetic-a' and cardinality(m.samples) = 5"
                    + " and m.stddev is not null"))
        .isEqualTo(120 * 12);
    assertThat(
            jdbc.sql("select max(revision_date)::date from run where machine = 'synthetic-a'")
                .query(LocalDate.class)
                .single())
        .isEqualTo(LocalDate.of(2026, 1, 31));
    assertThat(
            jdbc.sql(
                    "select count(distinct commit_sha) filter (where length(commit_sha) = 40)"
                        + " from run where machine = 'synthetic-a'")
                .query(Long.class)
                .single())
        .isEqualTo(120);
  }

  @Test
  void aPlantedStepIsVisibleInTheStoredPoints() {
    SyntheticHistoryWriter.Written written = writer.write(settings("synthetic-b", 400, 40, 2));
    SyntheticHistoryWriter.WrittenSeries stepped =
        written.series().stream()
            .filter(s -> s.shape().steps().size() == 1 && s.shape().outliers().isEmpty())
            .filter(s -> s.shape().driftPerNight() == 0 && s.shape().weeklySwing() == 0)
            .findFirst()
            .orElseThrow();
    SeriesShape.Step step = stepped.shape().steps().get(0);

    double before = mean(stepped.id(), 0, step.night());
    double after = mean(stepped.id(), step.night(), 400);

    assertThat(after / before - 1)
        .isCloseTo(step.relative(), org.assertj.core.data.Offset.offset(0.01));
    // Lettered on its chart at the night the level changes, saying it was made up.
    assertThat(
            jdbc.sql(
                    "select a.short_text from annotation a join run r on r.id = a.run_id"
                        + " where a.series_id = ? and r.revision_date = (select x from measurement"
                        + " where series_id = ? order by x offset ? limit 1)")
                .params(stepped.id(), stepped.id(), step.night())
                .query(String.class)
                .list())
        .singleElement()
        .asString()
        .startsWith("Synthetic step of ");
  }

  @Test
  void writingAgainReplacesTheMachinesHistory() {
    writer.write(settings("synthetic-c", 30, 5, 3));
    writer.write(settings("synthetic-c", 20, 3, 4));

    assertThat(count("select count(*) from run where machine = 'synthetic-c'")).isEqualTo(20);
    assertThat(count("select count(*) from series where machine = 'synthetic-c'")).isEqualTo(3);
    assertThat(
            count(
                "select count(*) from annotation a join series s on s.id = a.series_id"
                    + " where s.machine = 'synthetic-c'"))
        .isEqualTo(count("select count(*) from annotation where created_by like '%synthetic-c'"));
  }

  @Test
  void theSameSeedDrawsTheSameHistory() {
    writer.write(settings("synthetic-e1", 40, 6, 7));
    writer.write(settings("synthetic-e2", 40, 6, 7));
    writer.write(settings("synthetic-e3", 40, 6, 8));

    assertThat(points("synthetic-e1")).hasSize(40 * 6).isEqualTo(points("synthetic-e2"));
    assertThat(points("synthetic-e1")).isNotEqualTo(points("synthetic-e3"));
  }

  /** Every point of a machine's history as benchmark/task/metric, date, value and samples. */
  private java.util.List<String> points(String machine) {
    return jdbc.sql(
            "select s.benchmark || '/' || s.task || '/' || s.metric || ' ' || m.x || ' '"
                + " || m.value || ' ' || m.samples::text from measurement m"
                + " join series s on s.id = m.series_id where s.machine = ?"
                + " order by s.benchmark, s.task, s.metric, m.x")
        .param(machine)
        .query(String.class)
        .list();
  }

  @Test
  void moreSeriesThanTheCatalogHoldsIsOneClearError() {
    int tooMany = SyntheticCatalog.size() + 1;
    assertThatThrownBy(() -> writer.write(settings("synthetic-d", 10, tooMany, 5)))
        .hasMessage("at most " + SyntheticCatalog.size() + " synthetic series, not " + tooMany);
    assertThat(count("select count(*) from run where machine = 'synthetic-d'")).isZero();
  }

  @Test
  void theKnnSeriesOfAFormatMoveTogetherAndRecallStaysBelowOne() {
    SyntheticHistoryWriter.Written written =
        writer.write(
            new SyntheticHistoryProperties(
                300, 2, 5, "synthetic-knn", LocalDate.of(2026, 1, 31), 11, false, 1, true));

    // Every format and fanout, named as the harness's KNN step names them.
    for (String format : SyntheticKnn.FORMATS) {
      for (int fanout : SyntheticKnn.FANOUTS) {
        for (String metric :
            java.util.List.of("recall", "latencyMeanMs", "latencyP99Ms", "cpuMs")) {
          assertThat(knnSeries(written, format + "-fanout" + fanout, metric))
              .as(format + "-fanout" + fanout + " " + metric)
              .isNotNull();
        }
      }
      assertThat(knnSeries(written, format, "indexMB")).isNotNull();
      assertThat(knnSeries(written, format, "forceMergeSeconds")).isNotNull();
    }
    assertThat(written.series()).hasSize(2 + SyntheticKnn.size());
    assertThat(
            count(
                "select count(*) from measurement m join series s on s.id = m.series_id"
                    + " where s.machine = 'synthetic-knn' and s.metric = 'recall'"
                    + " and (m.value <= 0 or m.value >= 1)"))
        .isZero();
    // A planted step trades: latency and recall of every fanout move the same way.
    SyntheticHistoryWriter.WrittenSeries latency =
        knnSeries(written, "hnsw-fanout50", "latencyMeanMs");
    SeriesShape.Step step = latency.shape().steps().get(0);
    for (int fanout : SyntheticKnn.FANOUTS) {
      long recall = knnSeries(written, "hnsw-fanout" + fanout, "recall").id();
      long mean = knnSeries(written, "hnsw-fanout" + fanout, "latencyMeanMs").id();
      int next = latency.shape().steps().size() > 1 ? latency.shape().steps().get(1).night() : 300;
      int from = Math.max(0, step.night() - 40);
      int to = Math.min(next, step.night() + 40);
      assertThat(mean(mean, step.night(), to) / mean(mean, from, step.night()) - 1)
          .isCloseTo(step.relative(), org.assertj.core.data.Offset.offset(0.02));
      assertThat(mean(recall, step.night(), to) / mean(recall, from, step.night()) - 1)
          .isCloseTo(
              step.relative() * SyntheticKnn.RECALL_SHARE,
              org.assertj.core.data.Offset.offset(0.004));
    }
  }

  private static SyntheticHistoryWriter.WrittenSeries knnSeries(
      SyntheticHistoryWriter.Written written, String task, String metric) {
    return written.series().stream()
        .filter(s -> s.benchmark().equals("knn") && s.task().equals(task))
        .filter(s -> s.metric().equals(metric))
        .findFirst()
        .orElse(null);
  }

  private static SyntheticHistoryProperties settings(
      String machine, int nights, int series, long seed) {
    return new SyntheticHistoryProperties(
        nights, series, 5, machine, LocalDate.of(2026, 1, 31), seed, false, 1, false);
  }

  private double mean(long series, int fromNight, int toNight) {
    // Nights are numbered by x order; row_number restores the number.
    return jdbc.sql(
            "select avg(value) from (select value, row_number() over (order by x) - 1 as night"
                + " from measurement where series_id = :series) n"
                + " where night >= :from and night < :to")
        .param("series", series)
        .param("from", fromNight)
        .param("to", toNight)
        .query(Double.class)
        .single();
  }

  private long count(String sql) {
    return jdbc.sql(sql).query(Long.class).single();
  }
}
