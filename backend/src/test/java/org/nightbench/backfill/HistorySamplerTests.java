package org.nightbench.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.Commit;

class HistorySamplerTests {

  private static final List<Commit> HISTORY =
      List.of(
          commit("a", "2025-01-01T09:00:00Z"),
          commit("b", "2025-01-01T17:00:00Z"),
          commit("c", "2025-01-03T08:00:00Z"),
          commit("d", "2025-01-03T23:59:59Z"),
          commit("e", "2025-01-04T00:00:00Z"),
          commit("f", "2025-01-06T12:00:00Z"),
          commit("g", "2025-01-06T13:00:00Z"));

  @Test
  void everyNthCountsBackFromTheNewestCommit() {
    assertThat(shas(HistorySampler.everyNth(HISTORY, 1))).isEqualTo("abcdefg");
    assertThat(shas(HistorySampler.everyNth(HISTORY, 3))).isEqualTo("adg");
    assertThat(shas(HistorySampler.everyNth(HISTORY, 10))).isEqualTo("g");
    assertThat(HistorySampler.everyNth(List.of(), 2)).isEmpty();
  }

  @Test
  void eachDayIsTheCommitTheBranchWasAtWhenTheDayEnded() {
    List<Commit> days =
        HistorySampler.endOfEachDay(
            HISTORY, LocalDate.parse("2025-01-01"), LocalDate.parse("2025-01-06"));

    // Jan 2 had no commit (still b), Jan 5 neither (still e): each revision is measured once.
    assertThat(shas(days)).isEqualTo("bdeg");
  }

  @Test
  void daysBeforeTheFirstCommitAreSkipped() {
    List<Commit> days =
        HistorySampler.endOfEachDay(
            HISTORY, LocalDate.parse("2024-12-30"), LocalDate.parse("2025-01-01"));

    assertThat(shas(days)).isEqualTo("b");
  }

  private static Commit commit(String sha, String date) {
    return new Commit(sha, "Ada", "ada@example.org", Instant.parse(date), "subject " + sha);
  }

  private static String shas(List<Commit> commits) {
    return String.join("", commits.stream().map(Commit::sha).toList());
  }
}
