package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.SpecTypes;

/** One entry per benchmark: the names requests may use, their steps and what a profile lacks. */
class BenchmarkCatalogueTest {

  @Test
  void everyEntryIsAStepOfTheContractAndNamedOnce() {
    assertThat(BenchmarkCatalogue.ALL)
        .extracting(BenchmarkCatalogue.Benchmark::name)
        .doesNotHaveDuplicates();
    assertThat(BenchmarkCatalogue.ALL)
        .extracting(BenchmarkCatalogue.Benchmark::spec)
        .allSatisfy(spec -> assertThat(SpecTypes.all().values()).contains(spec));
    assertThat(BenchmarkCatalogue.COMPARABLE)
        .startsWith("indexing", "search")
        .doesNotContain("calibration");
  }

  @Test
  void anUnknownOrIncomparableNameIsOneLineNamingIt() {
    assertThat(BenchmarkCatalogue.comparable(" pk-lookup ").series()).isEqualTo("pk");
    assertThatThrownBy(() -> BenchmarkCatalogue.comparable("vectors"))
        .hasMessageStartingWith(
            "unknown benchmark vectors: use indexing, search, pk-lookup, facet-timings, nrt, load,"
                + " pk-postings, check-index, cold-search, stored-fields, knn, vector-indexing");
    assertThatThrownBy(() -> BenchmarkCatalogue.comparable("calibration"))
        .hasMessageStartingWith("unknown benchmark calibration: use indexing,");
  }

  @Test
  void aProfileWithoutABenchmarksSettingsIsNamed() {
    BenchmarkProfile bare =
        new BenchmarkProfile(100, 1, 7, null, List.of(), null, null, null, null, false, null);

    BenchmarkCatalogue.checkProfile("bare", bare, List.of("indexing", "search", "check-index"));
    assertThatThrownBy(
            () -> BenchmarkCatalogue.checkProfile("bare", bare, List.of("search", "knn", "nrt")))
        .hasMessage("profile bare has no NRT variants");
  }
}
