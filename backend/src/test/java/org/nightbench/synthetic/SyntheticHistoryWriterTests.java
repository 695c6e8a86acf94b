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

  private static SyntheticHistoryProperties settings(
      String machine, int nights, int series, long seed) {
    return new SyntheticHistoryProperties(
        nights, series, 5, machine, LocalDate.of(2026, 1, 31), seed, false, 1);
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
