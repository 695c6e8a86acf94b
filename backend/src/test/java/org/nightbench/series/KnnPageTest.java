package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The KNN page's layout, from series rows named as the harness's KNN step names them. */
class KnnPageTest {

  private static final Instant OLD = Instant.parse("2026-01-01T02:00:00Z");
  private static final Instant NEW = Instant.parse("2026-02-01T02:00:00Z");
  private long ids;

  @Test
  void aChartPerMetricALinePerFormatAndFanoutInTheHarnesssOrder() {
    List<KnnSeries> all = new ArrayList<>();
    for (String format : List.of("bq", "int7", "hnsw")) {
      for (int fanout : List.of(100, 0, 50)) {
        all.add(knn("bench", format + "-fanout" + fanout, "recall", NEW));
        all.add(knn("bench", format + "-fanout" + fanout, "latencyMeanMs", NEW));
      }
      all.add(knn("bench", format, "indexMB", NEW));
      // Neither a search at one fanout of the merged index nor a format's own figure.
      all.add(knn("bench", format + "-prefilter50pct", "recall", NEW));
      all.add(knn("bench", format + "-unmerged-fanout0", "recall", NEW));
      all.add(knn("bench", format, "segmentsBeforeMerge", NEW));
    }
    all.add(knn("other", "hnsw-fanout0", "recall", OLD));

    KnnPage page = KnnPage.of(all, null);

    assertThat(page.shown().machine()).isEqualTo("bench");
    assertThat(page.settings())
        .extracting(KnnPage.Setting::machine)
        .containsExactly("bench", "other");
    assertThat(page.formats()).containsExactly("hnsw", "int7", "bq");
    assertThat(page.fanouts()).containsExactly(0, 50, 100);
    assertThat(page.charts())
        .extracting(KnnPage.Chart::metric)
        .containsExactly("recall", "latencyMeanMs", "indexMB");
    assertThat(page.charts().get(0).lines())
        .extracting(KnnPage.Line::label)
        .containsExactly(
            "hnsw fanout 0",
            "hnsw fanout 50",
            "hnsw fanout 100",
            "int7 fanout 0",
            "int7 fanout 50",
            "int7 fanout 100",
            "bq fanout 0",
            "bq fanout 50",
            "bq fanout 100");
    assertThat(page.charts().get(2).lines())
        .extracting(KnnPage.Line::label)
        .containsExactly("hnsw", "int7", "bq");
    // The frontier reads recall and mean latency of the same format and fanout.
    assertThat(page.frontier()).hasSize(9);
    KnnPage.FrontierLine first = page.frontier().get(0);
    assertThat(first.format()).isEqualTo("hnsw");
    assertThat(first.fanout()).isZero();
    assertThat(seriesOf(all, first.recallSeriesId()).task()).isEqualTo("hnsw-fanout0");
    assertThat(seriesOf(all, first.recallSeriesId()).metric()).isEqualTo("recall");
    assertThat(seriesOf(all, first.latencySeriesId()).task()).isEqualTo("hnsw-fanout0");
    assertThat(seriesOf(all, first.latencySeriesId()).metric()).isEqualTo("latencyMeanMs");
  }

  /**
   * The graph's connectivity: a chart per figure, after the format's own ones, with a line per
   * format and HNSW level; a connectivity figure of a search or of the format alone is not drawn.
   */
  @Test
  void theGraphsConnectivityIsAChartPerFigureWithALinePerFormatAndLevel() {
    List<KnnSeries> all = new ArrayList<>();
    all.add(knn("bench", "hnsw-fanout0", "recall", NEW));
    all.add(knn("bench", "hnsw", "indexMB", NEW));
    for (String format : List.of("int7", "hnsw")) {
      for (int level : List.of(2, 0, 1)) {
        for (String metric :
            List.of(
                "largestComponent2",
                "stronglyConnectedComponents",
                "outsideLargestComponentPct",
                "largestComponent1")) {
          all.add(knn("bench", format + "-level" + level, metric, NEW));
        }
      }
    }
    all.add(knn("bench", "hnsw", "stronglyConnectedComponents", NEW));
    all.add(knn("bench", "hnsw-fanout0", "stronglyConnectedComponents", NEW));
    all.add(knn("bench", "hnsw-level0", "recall", NEW));

    KnnPage page = KnnPage.of(all, null);

    assertThat(page.charts())
        .extracting(KnnPage.Chart::metric)
        .containsExactly(
            "recall",
            "indexMB",
            "stronglyConnectedComponents",
            "outsideLargestComponentPct",
            "largestComponent1",
            "largestComponent2");
    KnnPage.Chart components = page.charts().get(2);
    assertThat(components.title()).isEqualTo("Strongly connected components of the graph");
    assertThat(components.lines())
        .extracting(KnnPage.Line::label)
        .containsExactly(
            "hnsw level 0",
            "hnsw level 1",
            "hnsw level 2",
            "int7 level 0",
            "int7 level 1",
            "int7 level 2");
    assertThat(components.lines().get(1).level()).isEqualTo(1);
    assertThat(components.lines().get(1).fanout()).isNull();
    assertThat(page.charts().get(0).lines())
        .singleElement()
        .extracting(KnnPage.Line::level)
        .isNull();
    assertThat(page.fanouts()).containsExactly(0);
    assertThat(page.frontier()).isEmpty();
  }

  @Test
  void anotherSettingIsDrawnWhenAskedForAndNothingWithoutKnnSeries() {
    List<KnnSeries> all =
        List.of(
            knn("bench", "hnsw-fanout0", "recall", NEW),
            knn("other", "hnsw-fanout0", "recall", OLD));

    KnnPage other = KnnPage.of(all, new KnnPage.Setting("other", "25", "corpus", "nightly"));
    KnnPage unknown = KnnPage.of(all, new KnnPage.Setting("nowhere", "25", "corpus", "nightly"));

    assertThat(other.shown().machine()).isEqualTo("other");
    assertThat(other.charts().get(0).lines())
        .singleElement()
        .extracting(KnnPage.Line::seriesId)
        .isEqualTo(all.get(1).series().id());
    assertThat(unknown.shown().machine()).isEqualTo("bench");
    assertThat(KnnPage.of(List.of(), null).shown()).isNull();
    assertThat(KnnPage.of(List.of(), null).charts()).isEmpty();
  }

  private KnnSeries knn(String machine, String task, String metric, Instant last) {
    Series series =
        new Series(++ids, "knn", task, metric, "ms", false, machine, "25", "corpus", "nightly");
    return new KnnSeries(series, 10, last);
  }

  private static Series seriesOf(List<KnnSeries> all, long id) {
    return all.stream().map(KnnSeries::series).filter(s -> s.id() == id).findFirst().orElseThrow();
  }
}
