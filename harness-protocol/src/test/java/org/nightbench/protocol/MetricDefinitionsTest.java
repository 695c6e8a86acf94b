package org.nightbench.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.result.Metric;

/** A definition declares its metrics: the unit and direction of every series it stores. */
class MetricDefinitionsTest {

  @Test
  void everyBenchmarkDeclaresWhatItReportsAndBenchmarksSharingSeriesAgree() {
    assertThat(Benchmarks.all()).allSatisfy(b -> assertThat(b.metrics()).isNotEmpty());
    // PK lookups and PK lookups on the id postings in RAM share the pk series.
    assertThat(PkLookupSpec.DEFINITION.declared("lookupsPerSec"))
        .isEqualTo(PkPostingsSpec.DEFINITION.declared("lookupsPerSec"))
        .contains(higherIsBetter("lookupsPerSec", "lookups/s"));
    assertThat(Benchmarks.declared("search", "qps")).contains(higherIsBetter("qps", "queries/s"));
    assertThat(Benchmarks.declared("nrt", "reopenP99Ms"))
        .contains(lowerIsBetter("reopenP99Ms", "ms"));
    assertThat(Benchmarks.declared("search", "docsPerSec")).isEmpty();
    assertThat(Benchmarks.declared("control", "qps")).isEmpty();
  }

  @Test
  void aMeasuredValueCarriesItsSeriesNameUnitAndDirection() {
    Metric metric = CheckIndexSpec.DEFINITION.measured("1kb-docs", "seconds", 2.5, Map.of());

    assertThat(metric)
        .isEqualTo(new Metric("checkIndex", "1kb-docs", "seconds", "s", false, 2.5, Map.of()));
    assertThatThrownBy(() -> CheckIndexSpec.DEFINITION.measured("1kb-docs", "minutes", 1, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("check-index declares no metric minutes (its definition's metrics)");
  }

  /** What ingestion stores: the declaration, whatever the result file says. */
  @Test
  void aResultsMetricIsJudgedByItsDeclaration() {
    Metric written = new Metric("load", "mmap", "p99Ms", "parsecs", true, 12, Map.of());
    assertThat(Benchmarks.declarationOf(written)).isEqualTo(lowerIsBetter("p99Ms", "ms"));

    Metric undeclared = new Metric("load", "mmap", "p42Ms", "ms", false, 12, Map.of());
    assertThatThrownBy(() -> Benchmarks.declarationOf(undeclared))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("metric load/mmap/p42Ms is not declared by its benchmark's definition");

    // The control revision's copies are filed under a name no definition has, declaration and all.
    Metric control =
        new Metric("control", "10.6.0 HighTerm", "qps", "queries/s", true, 9, Map.of());
    assertThat(Benchmarks.declarationOf(control)).isEqualTo(higherIsBetter("qps", "queries/s"));
  }

  @Test
  void aDefinitionWithoutMetricsOrWithOneTwiceIsRefused() {
    assertThatThrownBy(() -> definition(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy: a benchmark declares the metrics it reports");
    assertThatThrownBy(
            () ->
                definition(List.of(lowerIsBetter("seconds", "s"), higherIsBetter("seconds", "s"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toy: metric seconds declared twice");
  }

  private static BenchmarkDefinition definition(List<MetricDefinition> metrics) {
    return new BenchmarkDefinition(
        "toy",
        CheckIndexSpec.class,
        "Toy",
        1000,
        Set.of(),
        true,
        "toy",
        "toy",
        "Toy",
        "toy",
        metrics);
  }
}
