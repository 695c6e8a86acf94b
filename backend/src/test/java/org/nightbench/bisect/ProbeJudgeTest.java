package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ProbeJudgeTest {

  private static final double SLOWER = -0.30; // the bad end, 30 % fewer queries per second

  @Test
  void aProbeNearTheBadEndWhoseIntervalExcludesTheGoodEndIsDifferent() {
    assertThat(ProbeJudge.judge(-0.28, -0.35, -0.20, SLOWER)).isEqualTo(ProbeVerdict.DIFFERENT);
    // Direction does not matter: a latency that grew by 40 %.
    assertThat(ProbeJudge.judge(0.38, 0.30, 0.47, 0.40)).isEqualTo(ProbeVerdict.DIFFERENT);
  }

  @Test
  void aProbeNearTheGoodEndWhoseIntervalExcludesTheBadEndIsSame() {
    assertThat(ProbeJudge.judge(0.01, -0.06, 0.08, SLOWER)).isEqualTo(ProbeVerdict.SAME);
  }

  @Test
  void anIntervalReachingTheOtherSideIsUnknown() {
    // Near the good end, but the interval reaches the bad end's value: not shown.
    assertThat(ProbeJudge.judge(-0.05, -0.40, 0.30, SLOWER)).isEqualTo(ProbeVerdict.UNKNOWN);
    // Near the bad end, but the interval includes no change at all.
    assertThat(ProbeJudge.judge(-0.25, -0.60, 0.02, SLOWER)).isEqualTo(ProbeVerdict.UNKNOWN);
    // The data could not bound the interval.
    assertThat(ProbeJudge.judge(-0.25, Double.NEGATIVE_INFINITY, -0.1, SLOWER))
        .isEqualTo(ProbeVerdict.DIFFERENT);
    assertThat(ProbeJudge.judge(-0.05, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, SLOWER))
        .isEqualTo(ProbeVerdict.UNKNOWN);
    assertThat(ProbeJudge.judge(-0.05, -0.1, 0.0, 0)).isEqualTo(ProbeVerdict.UNKNOWN);
  }

  @Test
  void anIntervalThatOnlyJustMissesTheBadEndIsNotSame() {
    // Seen on a loaded CI machine: the commit after the culprit, measured +10 % against a bad end
    // at -49.5 %, with an interval that missed the bad end by one point; SAME named the wrong
    // commit.
    assertThat(ProbeJudge.judge(0.105, -0.484, 37.0, -0.495)).isEqualTo(ProbeVerdict.UNKNOWN);
    // Clear of the bad end by more than a quarter of the ends' difference: SAME.
    assertThat(ProbeJudge.judge(0.105, -0.20, 37.0, -0.495)).isEqualTo(ProbeVerdict.SAME);
  }

  @Test
  void theEndsAreDifferentOnlyWhenTheComparisonShowsADifference() {
    assertThat(ProbeJudge.judgeEnds(true, -0.3)).isEqualTo(ProbeVerdict.DIFFERENT);
    assertThat(ProbeJudge.judgeEnds(false, -0.3)).isEqualTo(ProbeVerdict.UNKNOWN);
    assertThat(ProbeJudge.judgeEnds(true, 0)).isEqualTo(ProbeVerdict.UNKNOWN);
  }

  @Test
  void theRangeProbesItsMiddleAndSkipsWhatDoesNotBuild() {
    BisectRange range = new BisectRange(0, 8, Set.of());
    assertThat(range.nextProbe()).hasValue(4);
    assertThat(range.probesLeft()).isEqualTo(3);
    assertThat(range.withBad(4).nextProbe()).hasValue(2);
    assertThat(new BisectRange(0, 8, Set.of(4)).nextProbe()).hasValue(5);
    assertThat(new BisectRange(0, 8, Set.of(4, 5)).nextProbe()).hasValue(3);
    BisectRange walledIn = new BisectRange(3, 5, Set.of(4));
    assertThat(walledIn.nextProbe()).isEmpty();
    assertThat(walledIn.isOneCommit()).isFalse();
    assertThat(walledIn.probesLeft()).isZero();
    assertThat(new BisectRange(4, 5, Set.of()).isOneCommit()).isTrue();
    assertThat(new BisectRange(4, 5, Set.of()).nextProbe()).isEmpty();
  }

  @Test
  void aWalkOverEveryCulpritPositionFindsItInAboutLog2Probes() {
    for (int n = 2; n <= 64; n++) {
      for (int culprit = 1; culprit <= n; culprit++) {
        BisectRange range = new BisectRange(0, n, Set.of());
        int probes = 0;
        while (range.nextProbe().isPresent()) {
          int probe = range.nextProbe().getAsInt();
          range = probe >= culprit ? range.withBad(probe) : range.withGood(probe);
          probes++;
        }
        assertThat(range.bad()).isEqualTo(culprit);
        assertThat(range.isOneCommit()).isTrue();
        assertThat(probes).isLessThanOrEqualTo(32 - Integer.numberOfLeadingZeros(n - 1));
      }
    }
  }
}
