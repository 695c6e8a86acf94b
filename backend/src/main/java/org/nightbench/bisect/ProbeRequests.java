package org.nightbench.bisect;

import java.util.List;
import org.nightbench.comparisons.ComparisonRequest;
import org.nightbench.worker.ComparisonRuns;

/** The comparison a probe runs: the good end against the probed commit, on one measurement. */
final class ProbeRequests {

  private ProbeRequests() {}

  /**
   * Only the bisected benchmark runs, and for search only the bisected task's category, so a probe
   * costs what one measurement costs.
   *
   * <p>PROFILE HOOK: comparisons have no option to record profiles yet (issue 18's profiles half
   * adds a {@code profile} flag to comparison requests). When it exists, pass {@link
   * Bisect#wantProfiles()} here; nothing else of the bisect changes, and the result's "what got
   * slower" link already leads to the culprit probe's comparison page, where profiles are shown.
   */
  static ComparisonRequest of(Bisect b, String goodSha, String probeSha, int jvms) {
    boolean search = ComparisonRuns.SEARCH.equals(b.benchmark());
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
        null);
  }
}
