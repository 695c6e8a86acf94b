package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.HarnessTasks;

/** luceneutil's words: a description for every category the harness runs, and its other names. */
class TaskVocabularyTest {

  @Test
  void everyCategoryTheHarnessRunsSaysWhatQueryItIs() {
    List<String> all = new ArrayList<>(HarnessTasks.CATEGORIES);
    all.addAll(HarnessTasks.VECTOR_CATEGORIES);
    assertThat(all)
        .allSatisfy(
            category ->
                assertThat(TaskVocabulary.describe(category))
                    .as(category)
                    .hasValueSatisfying(d -> assertThat(d).isNotBlank().hasSizeLessThan(100)));
    assertThat(TaskVocabulary.describe("AndHighHigh")).hasValue("+high-freq +high-freq");
    assertThat(TaskVocabulary.describe("TermDTSort"))
        .hasValue("term query sorted by date-time doc values");
    assertThat(TaskVocabulary.describe("FilteredDismaxOrHighMed"))
        .hasValue("high-freq medium-freq (disjunction), dismax of title and body, 5 % filter");
    assertThat(TaskVocabulary.describe("CountFilteredPhrase"))
        .hasValue("count the hits of \"two words\" phrase, 5 % filter");
    assertThat(TaskVocabulary.describe("1kb-docs")).isEmpty();
  }

  @Test
  void luceneutilNamesLeadToNightbenchs() {
    assertThat(TaskVocabulary.nightbenchName("TermDTSortSkipper"))
        .isEqualTo("TermDateTimeSortSkipper");
    assertThat(TaskVocabulary.nightbenchName(" dvrangelastmodnarrow ")).isEqualTo("DVRangeNarrow");
    assertThat(TaskVocabulary.nightbenchName("TermDateTimeSort")).isEqualTo("TermDTSort");
    assertThat(TaskVocabulary.nightbenchName("AndHighHigh")).isEqualTo("AndHighHigh");
    assertThat(TaskVocabulary.luceneutilNames("TermDateTimeSortSkipper"))
        .containsExactly("TermDTSortSkipper");
    assertThat(TaskVocabulary.luceneutilNames("AndHighHigh")).isEmpty();
  }

  @Test
  void theOverviewsTextFilterFindsASeriesByItsLuceneutilName() {
    SeriesSummary skipper = summary("TermDateTimeSortSkipper");
    SeriesSummary range = summary("DVRangeNarrow");
    SeriesSummary other = summary("TermDTSort");
    OverviewFilter byAlias = OverviewFilter.parse(null, null, "TermDTSortSkipper", null);
    assertThat(byAlias.matches(skipper)).isTrue();
    assertThat(byAlias.matches(range)).isFalse();
    assertThat(byAlias.matches(other)).isFalse();
    OverviewFilter byRangeAlias = OverviewFilter.parse(null, null, "lastmodnarrow", null);
    assertThat(byRangeAlias.matches(range)).isTrue();
    assertThat(byRangeAlias.matches(skipper)).isFalse();
  }

  static SeriesSummary summary(String task) {
    return new SeriesSummary(
        new Series(1, "search", task, "qps", "queries/s", true, "bench-1", "21", "wiki", "nightly"),
        1,
        Instant.parse("2024-06-01T00:00:00Z"),
        Instant.parse("2024-06-01T00:00:00Z"),
        1.0,
        0.0,
        1L,
        null,
        null,
        0,
        0,
        List.of(1.0));
  }
}
