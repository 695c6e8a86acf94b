package org.nightbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.SearchSpec;

/**
 * The synthetic series are named as ingestion names what the harness measures: the definitions'
 * series names, and the harness's own variant and task names.
 */
class SyntheticCatalogTest {

  private final List<SyntheticCatalog.Entry> all =
      SyntheticCatalog.entries(SyntheticCatalog.size());

  @Test
  void everyQueryCategoryTheHarnessGeneratesHasItsTwoSeriesAndNoOther() {
    List<String> qps =
        all.stream()
            .filter(e -> e.benchmark().equals(SearchSpec.DEFINITION.series()))
            .filter(e -> e.metric().equals("qps"))
            .map(SyntheticCatalog.Entry::task)
            .toList();
    List<String> fastest =
        all.stream()
            .filter(e -> e.benchmark().equals(SearchSpec.DEFINITION.series()))
            .filter(e -> e.metric().equals("qpsFastest"))
            .map(SyntheticCatalog.Entry::task)
            .toList();

    assertThat(qps).isEqualTo(HarnessTasks.CATEGORIES);
    assertThat(fastest).isEqualTo(HarnessTasks.CATEGORIES);
    assertThat(all.stream().filter(e -> e.benchmark().equals(SearchSpec.DEFINITION.series())))
        .hasSize(2 * HarnessTasks.CATEGORIES.size());
  }

  @Test
  void theOtherBenchmarksCarryTheHarnesssNames() {
    assertThat(all.stream().map(SyntheticCatalog.Entry::benchmark).collect(Collectors.toSet()))
        .isEqualTo(
            Set.of(
                IndexSpec.DEFINITION.series(),
                NrtSpec.DEFINITION.series(),
                PkLookupSpec.DEFINITION.series(),
                LoadSpec.DEFINITION.series(),
                CalibrateSpec.DEFINITION.series(),
                SearchSpec.DEFINITION.series()));
    assertThat(tasks(NrtSpec.DEFINITION.series())).isSubsetOf(NrtSpec.VARIANTS);
    assertThat(tasks(LoadSpec.DEFINITION.series()))
        .isSubsetOf(org.nightbench.protocol.LoadSpec.DIRECTORIES);
    assertThat(tasks(CalibrateSpec.DEFINITION.series())).containsExactly(CalibrateSpec.TASK);
  }

  @Test
  void theFixedBenchmarksComeFirstAndEverySeriesOnce() {
    assertThat(all.get(0).benchmark()).isEqualTo(IndexSpec.DEFINITION.series());
    assertThat(all.get(all.size() - 1).benchmark()).isEqualTo(SearchSpec.DEFINITION.series());
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
