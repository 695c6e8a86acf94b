package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.HarnessTasks;

/**
 * Every category of luceneutil's nightly task file ({@code tasks/wikinightly.tasks}, its names
 * copied here as data) and of the harness's own list lands in the group a reader of the nightly
 * pages looks for it in; unknown names fall back to {@link TaskGroup#OTHER}.
 */
class TaskGroupTest {

  /** luceneutil's nightly categories by the group they belong to. */
  private static final Map<TaskGroup, List<String>> NIGHTLY = new LinkedHashMap<>();

  static {
    NIGHTLY.put(TaskGroup.TERM, List.of("Term", "HighTerm", "MedTerm", "LowTerm"));
    NIGHTLY.put(
        TaskGroup.BOOLEAN,
        List.of(
            "AndHighHigh",
            "AndHighMed",
            "OrHighHigh",
            "OrHighMed",
            "AndHighOrMedMed",
            "AndMedOrHighHigh",
            "Or2Terms2StopWords",
            "And2Terms2StopWords",
            "OrStopWords",
            "AndStopWords",
            "Or3Terms",
            "And3Terms",
            "OrHighRare",
            "OrMany",
            "OrNotHighHigh",
            "OrHighNotMed",
            "BM25MSM2",
            "ConstMSM2"));
    NIGHTLY.put(
        TaskGroup.FILTERED,
        List.of(
            "FilteredTerm",
            "FilteredAndHighHigh",
            "FilteredAndHighMed",
            "FilteredOrHighHigh",
            "FilteredOrHighMed",
            "FilteredPhrase",
            "FilteredOr2Terms2StopWords",
            "FilteredAnd2Terms2StopWords",
            "FilteredOrStopWords",
            "FilteredAndStopWords",
            "FilteredOr3Terms",
            "FilteredAnd3Terms",
            "FilteredOrMany",
            "FilteredPrefix3",
            "FilteredIntNRQ",
            "FilteredDismaxTerm",
            "FilteredDismaxOrHighHigh",
            "FilteredDismaxOrHighMed"));
    NIGHTLY.put(
        TaskGroup.COMBINED,
        List.of(
            "CombinedTerm",
            "CombinedOrHighMed",
            "CombinedOrHighHigh",
            "CombinedAndHighMed",
            "CombinedAndHighHigh",
            "DismaxTerm",
            "DismaxOrHighHigh",
            "DismaxOrHighMed"));
    NIGHTLY.put(
        TaskGroup.PROXIMITY,
        List.of(
            "Phrase",
            "SloppyPhrase",
            "SpanNear",
            "IntervalsOrdered",
            "HighPhrase",
            "LowSloppyPhrase",
            "MedSpanNear",
            "HighIntervalsOrdered"));
    NIGHTLY.put(
        TaskGroup.COUNT,
        List.of(
            "CountAndHighHigh",
            "CountAndHighMed",
            "CountOrHighHigh",
            "CountOrHighMed",
            "CountOrMany",
            "CountPhrase",
            "CountTerm",
            "CountFilteredOrHighHigh",
            "CountFilteredOrHighMed",
            "CountFilteredOrMany",
            "CountFilteredPhrase",
            "CountFilteredIntNRQ"));
    NIGHTLY.put(
        TaskGroup.FACETS,
        List.of(
            "BrowseDateTaxoFacets",
            "BrowseMonthTaxoFacets",
            "BrowseDayOfYearTaxoFacets",
            "BrowseDateSSDVFacets",
            "BrowseMonthSSDVFacets",
            "BrowseDayOfYearSSDVFacets",
            "BrowseRandomLabelTaxoFacets",
            "BrowseRandomLabelSSDVFacets",
            "TermDateFacets",
            "OrHighMedDayTaxoFacets",
            "AndHighMedDayTaxoFacets",
            "AndHighHighDayTaxoFacets",
            "MedTermDayTaxoFacets"));
    NIGHTLY.put(
        TaskGroup.SORTING,
        List.of(
            "TermDateTimeSort",
            "TermTitleSort",
            "TermMonthSort",
            "TermDayOfYearSort",
            "TermDTSort",
            "HighTermTitleBDVSort",
            "TermTitleSortSkipper",
            "TermMonthSortSkipper",
            "TermDayOfYearSortSkipper",
            "TermDateTimeSortSkipper",
            "TermDayOfYearSkipperSearchAfter",
            "TermDateTimeSkipperSearchAfter"));
    NIGHTLY.put(
        TaskGroup.DV_RANGE,
        List.of("DVRangeNarrow", "DVRangeWide", "TermWithDVRangeNarrow", "TermWithDVRangeWide"));
    NIGHTLY.put(
        TaskGroup.GROUPING,
        List.of("TermGroup100", "TermGroup10K", "TermGroup1M", "TermBGroup1M", "TermBGroup1M1P"));
    NIGHTLY.put(
        TaskGroup.MULTI_TERM,
        List.of("Fuzzy1", "Fuzzy2", "IntNRQ", "Prefix3", "Respell", "Wildcard", "IntSet"));
    NIGHTLY.put(
        TaskGroup.VECTOR,
        List.of("VectorSearch", "PreFilteredVectorSearch", "PostFilteredVectorSearch"));
    NIGHTLY.put(TaskGroup.PK_LOOKUPS, List.of("PKLookup"));
  }

  @Test
  void luceneutilsNightlyCategoriesLandInTheNightlyPagesGroups() {
    NIGHTLY.forEach(
        (group, categories) ->
            assertThat(categories)
                .allSatisfy(
                    category ->
                        assertThat(TaskGroup.of("search", category))
                            .as(category)
                            .isEqualTo(group)));
  }

  @Test
  void everyCategoryTheHarnessGeneratesHasAGroup() {
    assertThat(HarnessTasks.CATEGORIES)
        .allSatisfy(
            category ->
                assertThat(TaskGroup.of("search", category))
                    .as(category)
                    .isNotEqualTo(TaskGroup.OTHER));
    assertThat(HarnessTasks.VECTOR_CATEGORIES)
        .allSatisfy(
            category ->
                assertThat(TaskGroup.of("search", category))
                    .as(category)
                    .isEqualTo(TaskGroup.VECTOR));
  }

  @Test
  void benchmarksBesideTheQueriesHaveTheirGroups() {
    assertThat(TaskGroup.of("indexing", "1kb-docs")).isEqualTo(TaskGroup.INDEXING);
    assertThat(TaskGroup.of("nrt", "plain")).isEqualTo(TaskGroup.NRT);
    assertThat(TaskGroup.of("pk", "random-direct")).isEqualTo(TaskGroup.PK_LOOKUPS);
    assertThat(TaskGroup.of("facets", "RandomLabel.taxonomy")).isEqualTo(TaskGroup.FACETS);
    assertThat(TaskGroup.of("storedFields", "BEST_SPEED")).isEqualTo(TaskGroup.STORED_FIELDS);
    assertThat(TaskGroup.of("checkIndex", "nightly")).isEqualTo(TaskGroup.CHECK_INDEX);
    assertThat(TaskGroup.of("coldCache", "search")).isEqualTo(TaskGroup.COLD_CACHE);
    assertThat(TaskGroup.of("load", "mmap")).isEqualTo(TaskGroup.LOAD);
    assertThat(TaskGroup.of("calibration", "machine")).isEqualTo(TaskGroup.CALIBRATION);
    // KNN and the embedding they need chart beside luceneutil's vector categories.
    assertThat(TaskGroup.of("knn", "hnsw-fanout50")).isEqualTo(TaskGroup.VECTOR);
    assertThat(TaskGroup.of("embedding", "all-MiniLM-L6-v2")).isEqualTo(TaskGroup.VECTOR);
  }

  /** A definition's group is a heading of the pages, so no benchmark lands under "Other". */
  @Test
  void everyDefinedBenchmarkIsShownInTheGroupItsDefinitionNames() {
    for (BenchmarkDefinition benchmark : Benchmarks.all()) {
      if (benchmark.group() != null) {
        assertThat(TaskGroup.of(benchmark.series(), "any").key())
            .as(benchmark.name())
            .isEqualTo(benchmark.group());
      }
    }
  }

  @Test
  void unknownNamesFallBackToOther() {
    assertThat(TaskGroup.of("search", "SomethingNew")).isEqualTo(TaskGroup.OTHER);
    assertThat(TaskGroup.of("search", "")).isEqualTo(TaskGroup.OTHER);
    assertThat(TaskGroup.of("tomorrow", "Term")).isEqualTo(TaskGroup.OTHER);
  }

  @Test
  void keysAreUniqueAndFoundIgnoringCase() {
    for (TaskGroup group : TaskGroup.values()) {
      assertThat(TaskGroup.byKey(group.key().toUpperCase(java.util.Locale.ROOT))).contains(group);
    }
    assertThat(TaskGroup.byKey("nope")).isEmpty();
  }
}
