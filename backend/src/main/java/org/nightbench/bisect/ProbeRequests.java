package org.nightbench.bisect;

import java.util.List;
import org.nightbench.comparisons.ComparisonPlan;
import org.nightbench.comparisons.ComparisonRequest;

/** The comparison a probe runs: the good end against the probed commit, on one measurement. */
final class ProbeRequests {

  private ProbeRequests() {}

  /**
   * Only the bisected benchmark runs, and for search only the bisected task's category, so a probe
   * costs what one measurement costs. A bisect that wants JFR has every probe record it on both
   * sides, so the culprit probe's comparison page shows what got slower.
   */
  static ComparisonRequest of(Bisect b, String goodSha, String probeSha, int jvms) {
    boolean search = ComparisonPlan.SEARCH.equals(b.benchmark());
    return new ComparisonRequest(
        "git:" + goodSha,
        "git:" + probeSha,
        List.of(),
        List.of(),
        null,
        null,
        jvms,
        b.profile(),
        b.corpus(),
        // Many commits lie between the ends; hits may change on the way without being the point.
        true,
        List.of(b.benchmark()),
        search ? List.of(b.task()) : null,
        null,
        null,
        null,
        null,
        b.jfr());
  }
}
