package org.nightbench.backfill;

import java.time.LocalDate;
import java.util.List;

/**
 * What to backfill, exactly one of: {@code releases} such as {@code ["9.12.3", "10.2.2"]}; the
 * latest patch of every minor from {@code fromMinor} to {@code toMinor}; a {@code commitRange}; or
 * a {@code dateRange}.
 */
public record BackfillRequest(
    List<String> releases,
    String fromMinor,
    String toMinor,
    CommitRange commitRange,
    DateRange dateRange) {

  /**
   * The first-parent commits after {@code from} up to and including {@code to}, every {@code
   * every}-th counted back from {@code to} (default 1: all of them).
   */
  public record CommitRange(String from, String to, Integer every) {}

  /**
   * One commit per day from {@code from} to {@code to} (inclusive, UTC): the commit the branch
   * (default: the configured git branch) was at when the day ended, as a nightly would have seen
   * it.
   */
  public record DateRange(LocalDate from, LocalDate to, String branch) {}
}
