package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which sides of which of the bisect's comparisons hold the culprit's and its parent's profiles.
 */
class CulpritJfrDiffTest {

  @Test
  void theParentIsTheCandidateOfItsSameProbeAndTheCulpritOfItsDifferentOne() {
    List<BisectProbe> probes =
        List.of(
            probe(0, 4, 10, ProbeVerdict.DIFFERENT),
            probe(1, 2, 11, ProbeVerdict.UNKNOWN),
            probe(1, 2, 12, ProbeVerdict.SAME),
            probe(2, 3, 13, ProbeVerdict.DIFFERENT));
    assertThat(CulpritJfrDiff.of(bisect(Bisect.FOUND, 2, 3, true), probes))
        .isEqualTo(CulpritJfrDiff.of(12, "candidate", 13, "candidate"));
  }

  @Test
  void theGoodEndAsParentIsTheBaselineOfTheEndsAndTheBadEndAsCulpritTheirCandidate() {
    List<BisectProbe> probes =
        List.of(probe(0, 2, 10, ProbeVerdict.DIFFERENT), probe(1, 1, 11, ProbeVerdict.SAME));
    assertThat(CulpritJfrDiff.of(bisect(Bisect.FOUND, 1, 2, true), probes))
        .isEqualTo(CulpritJfrDiff.of(11, "candidate", 10, "candidate"));
    List<BisectProbe> early =
        List.of(probe(0, 2, 10, ProbeVerdict.DIFFERENT), probe(1, 1, 11, ProbeVerdict.DIFFERENT));
    CulpritJfrDiff diff = CulpritJfrDiff.of(bisect(Bisect.FOUND, 0, 1, true), early);
    assertThat(diff).isEqualTo(CulpritJfrDiff.of(10, "baseline", 11, "candidate"));
    assertThat(diff.page())
        .isEqualTo("/profiles/diff?before=10&beforeSide=baseline&after=11&afterSide=candidate");
  }

  @Test
  void noneWithoutProfilesOrOneCommit() {
    List<BisectProbe> probes =
        List.of(probe(0, 2, 10, ProbeVerdict.DIFFERENT), probe(1, 1, 11, ProbeVerdict.SAME));
    assertThat(CulpritJfrDiff.of(bisect(Bisect.FOUND, 1, 2, false), probes)).isNull();
    assertThat(CulpritJfrDiff.of(bisect(Bisect.RUNNING, 1, 2, true), probes)).isNull();
    assertThat(CulpritJfrDiff.of(bisect(Bisect.RANGE, 1, 2, true), probes)).isNull();
  }

  private static BisectProbe probe(int step, int position, long comparison, ProbeVerdict v) {
    return new BisectProbe(
        comparison, step, position, comparison, 5, v, -0.1, -0.2, 0.0, null, null, null);
  }

  private static Bisect bisect(String state, int good, int bad, boolean profiles) {
    return new Bisect(
        1,
        "search",
        "OrHighHigh",
        "qps",
        "bisect",
        "europarl",
        5,
        20,
        profiles,
        state,
        good,
        bad,
        -0.3,
        null,
        null,
        null,
        null,
        "editor",
        null,
        null);
  }
}
