package org.nightbench.backfill;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.lucene.Commit;

/** Picks the commits of a git backfill out of a branch's first-parent history (oldest first). */
final class HistorySampler {

  private HistorySampler() {}

  /**
   * Every {@code n}-th commit ({@code n >= 1}) counted back from the newest, so the range's end is
   * measured.
   */
  static List<Commit> everyNth(List<Commit> history, int n) {
    List<Commit> picked = new ArrayList<>();
    for (int i = history.size() - 1; i >= 0; i -= n) {
      picked.add(0, history.get(i));
    }
    return picked;
  }

  /**
   * For each day from {@code from} to {@code to} (UTC), the commit the branch was at when the day
   * ended, as a nightly run would have measured it; a day without commits repeats the day before
   * and is measured once.
   */
  static List<Commit> endOfEachDay(List<Commit> history, LocalDate from, LocalDate to) {
    List<Commit> picked = new ArrayList<>();
    Commit current = null;
    int next = 0;
    for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
      Instant endOfDay = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
      while (next < history.size() && history.get(next).date().isBefore(endOfDay)) {
        current = history.get(next++);
      }
      if (current != null && (picked.isEmpty() || picked.get(picked.size() - 1) != current)) {
        picked.add(current);
      }
    }
    return picked;
  }
}
