package org.nightbench.bisect;

import java.util.OptionalInt;
import java.util.Set;

/**
 * Where a bisect stands: positions on the first-parent line (0 the good end, the last the bad end),
 * the newest known to measure as the good end, the oldest known to measure as the bad end, and the
 * commits that did not build. Pure code: it picks probes and says when the walk is over.
 *
 * @param good a position that measures as the good end
 * @param bad a later position that measures as the bad end
 * @param unbuildable positions skipped because they do not build
 */
record BisectRange(int good, int bad, Set<Integer> unbuildable) {

  BisectRange {
    if (good < 0 || bad <= good) {
      throw new IllegalArgumentException("a range needs good < bad, not " + good + ", " + bad);
    }
    unbuildable = Set.copyOf(unbuildable);
  }

  /**
   * The buildable position between the ends nearest their middle (the older one on a tie), or none
   * when every commit between them was skipped or there is none: the walk is over.
   */
  OptionalInt nextProbe() {
    int middle = (good + bad) / 2;
    for (int distance = 0; distance < bad - good; distance++) {
      for (int position : new int[] {middle - distance, middle + distance + 1}) {
        if (position > good && position < bad && !unbuildable.contains(position)) {
          return OptionalInt.of(position);
        }
      }
    }
    return OptionalInt.empty();
  }

  /** One commit is left: the bad end directly follows the good one. */
  boolean isOneCommit() {
    return bad == good + 1;
  }

  /** Probes still needed, about: log2 of the buildable commits between the ends, plus one. */
  int probesLeft() {
    int candidates = 0;
    for (int position = good + 1; position < bad; position++) {
      if (!unbuildable.contains(position)) {
        candidates++;
      }
    }
    return candidates == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(candidates);
  }

  BisectRange withGood(int position) {
    return new BisectRange(position, bad, unbuildable);
  }

  BisectRange withBad(int position) {
    return new BisectRange(good, position, unbuildable);
  }
}
