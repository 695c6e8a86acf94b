package org.nightbench.bisect;

import java.util.List;
import org.nightbench.comparisons.ComparisonRequest;

/** The comparison a probe runs: the good end against the probed commit, on one measurement. */
final class ProbeRequests {

  private ProbeRequests() {}

  /**
   * Only the bisected benchmark runs, so a probe costs what one benchmark costs. For search that is
   * every task of the profile, as the nightly run that showed the change measured them, though only
   * the bisected task is judged: a category run alone lets the JIT compile its code for it alone,
   * which can hide the change (OrHighHigh on 5,000 europarl documents, 10.6.0 against 9.12.3: half
   * the QPS among all tasks, every JVM of one below every JVM of the other; run alone, 7 % slower
   * after a long warm-up, and after a short one JVMs of the same jars 2:1 apart). A bisect that
   * wants JFR has every probe record it on both sides, so the culprit probe's comparison page shows
   * what got slower.
   */
  static ComparisonRequest of(Bisect b, String goodSha, String probeSha, int jvms) {
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
        null,
        null,
        null,
        null,
        null,
        b.jfr());
  }
}
