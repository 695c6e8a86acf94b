package org.nightbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.calibration.Calibration;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.benchjobs.load.LoadSettings;
import org.nightbench.benchjobs.load.LoadSweep;
import org.nightbench.benchjobs.nrt.NrtBenchmark;
import org.nightbench.benchjobs.nrt.NrtSettings;
import org.nightbench.benchjobs.pk.PkLookupBenchmark;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.protocol.HarnessTasks;

/** The synthetic series are named as ingestion names what the harness measures. */
class SyntheticCatalogTest {

  private final List<SyntheticCatalog.Entry> all =
      SyntheticCatalog.entries(SyntheticCatalog.size());

  @Test
  void everyQueryCategoryTheHarnessGeneratesHasItsTwoSeriesAndNoOther() {
    List<String> qps =
        all.stream()
            .filter(e -> e.benchmark().equals(SearchBenchmark.BENCHMARK))
            .filter(e -> e.metric().equals("qps"))
            .map(SyntheticCatalog.Entry::task)
            .toList();
    List<String> fastest =
        all.stream()
            .filter(e -> e.benchmark().equals(SearchBenchmark.BENCHMARK))
            .filter(e -> e.metric().equals("qpsFastest"))
            .map(SyntheticCatalog.Entry::task)
            .toList();

    assertThat(qps).isEqualTo(HarnessTasks.CATEGORIES);
    assertThat(fastest).isEqualTo(HarnessTasks.CATEGORIES);
    assertThat(all.stream().filter(e -> e.benchmark().equals(SearchBenchmark.BENCHMARK)))
        .hasSize(2 * HarnessTasks.CATEGORIES.size());
  }

  @Test
  void theOtherBenchmarksCarryTheHarnesssNames() {
    assertThat(all.stream().map(SyntheticCatalog.Entry::benchmark).collect(Collectors.toSet()))
        .isEqualTo(
            Set.of(
                IndexingReport.BENCHMARK,
                NrtBenchmark.BENCHMARK,
                PkLookupBenchmark.BENCHMARK,
                LoadSweep.BENCHMARK,
                Calibration.BENCHMARK,
                SearchBenchmark.BENCHMARK));
    assertThat(tasks(NrtBenchmark.BENCHMARK)).isSubsetOf(NrtSettings.VARIANTS);
    assertThat(tasks(LoadSweep.BENCHMARK)).isSubsetOf(LoadSettings.DIRECTORIES);
    assertThat(tasks(Calibration.BENCHMARK)).containsExactly(Calibration.TASK);
  }

  @Test
  void theFixedBenchmarksComeFirstAndEverySeriesOnce() {
    assertThat(all.get(0).benchmark()).isEqualTo(IndexingReport.BENCHMARK);
    assertThat(all.get(all.size() - 1).benchmark()).isEqualTo(SearchBenchmark.BENCHMARK);
    assertThat(all.stream().map(e -> e.benchmark() + "/" + e.task() + "/" + e.metric()))
        .doesNotHaveDuplicates();
    assertThat(SyntheticCatalog.entries(3)).isEqualTo(all.subList(0, 3));
  }

  private Set<String> tasks(String benchmark) {
    return all.stream()
        .filter(e -> e.benchmark().equals(benchmark))
        .map(SyntheticCatalog.Entry::task)
        .collect(Collectors.toSet());
  }
}
