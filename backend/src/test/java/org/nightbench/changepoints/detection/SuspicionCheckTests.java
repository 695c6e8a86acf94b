package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The morning-after check on seeded series: what it suspects, what it does not, bad input. */
class SuspicionCheckTests {

  private final SuspicionCheck check = new SuspicionCheck();

  /** 100 nights of 1 % noise at 1000, then {@code after} nights {@code step} higher. */
  private static double[] stepAtTheEnd(long seed, double step, int after) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[100 + after];
    for (int i = 0; i < values.length; i++) {
      values[i] = 1000 * (i < 100 ? 1 : 1 + step) * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    return values;
  }

  @Test
  void aLargeStepIsSuspectedOnItsFirstNightWithItsEvidence() {
    for (long seed = 1; seed <= 10; seed++) {
      SuspectedChange suspected =
          check.suspect(stepAtTheEnd(seed, 0.08, 1), 0, DetectionInputs.none()).orElseThrow();

      assertThat(suspected.index()).isEqualTo(100);
      assertThat(suspected.nights()).isEqualTo(1);
      assertThat(suspected.relativeChange()).isBetween(0.05, 0.11);
      assertThat(suspected.zScore()).isGreaterThan(3.5);
      assertThat(suspected.noiseSigma()).isBetween(7.0, 13.0);
    }
  }

  @Test
  void aSmallerStepIsSuspectedOnceThreeNightsShowIt() {
    int first = 0;
    int third = 0;
    for (long seed = 1; seed <= 20; seed++) {
      double[] values = stepAtTheEnd(seed, 0.035, 3);
      first += check.suspect(values, 101, 0, DetectionInputs.none()).isPresent() ? 1 : 0;
      var found = check.suspect(values, 0, DetectionInputs.none());
      if (found.isPresent() && found.get().index() >= 100) {
        third++;
      }
    }
    assertThat(first).as("3.5σ on its first night").isLessThan(15);
    assertThat(third).as("3.5σ after three nights").isGreaterThanOrEqualTo(18);
  }

  @Test
  void noiseAloneIsNotSuspected() {
    for (long seed = 1; seed <= 20; seed++) {
      assertThat(check.suspect(stepAtTheEnd(seed, 0, 1), 0, DetectionInputs.none())).isEmpty();
    }
  }

  @Test
  void theHistoryStartsAtTheNewestConfirmedChange() {
    // Against the old level the newest nights stand out; against their own level they do not.
    assertThat(check.suspect(stepAtTheEnd(3, 0.08, 8), 0, DetectionInputs.none())).isPresent();
    assertThat(check.suspect(stepAtTheEnd(3, 0.08, 30), 100, DetectionInputs.none())).isEmpty();
    // Nor right after a change, with too little history.
    assertThat(check.suspect(stepAtTheEnd(3, 0.08, 1), 90, DetectionInputs.none())).isEmpty();
  }

  @Test
  void excludedNightsAndKnownBoundariesAreRespected() {
    double[] values = stepAtTheEnd(4, 0.08, 1);
    assertThat(check.suspect(values, 0, DetectionInputs.none().withExcluded(Set.of(100))))
        .isEmpty();
    assertThat(check.suspect(values, 0, DetectionInputs.none().withKnownBoundaries(Set.of(100))))
        .isEmpty();
    assertThat(check.suspect(values, 0, DetectionInputs.none().withMinRelativeChange(0.2)))
        .isEmpty();
  }

  @Test
  void aSuspicionHoldsWhileTheNewLevelLastsAndNotAfterAnOutlier() {
    double[] step = stepAtTheEnd(5, 0.08, 4);
    assertThat(check.holds(step, 101, 100, 1, 0, DetectionInputs.none())).isTrue();
    assertThat(check.holds(step, 100, 1, 0, DetectionInputs.none())).isTrue();
    assertThat(check.holds(step, 100, -1, 0, DetectionInputs.none())).isFalse();

    double[] outlier = stepAtTheEnd(5, 0, 4);
    outlier[100] *= 1.08;
    assertThat(check.suspect(Arrays.copyOf(outlier, 101), 0, DetectionInputs.none())).isPresent();
    assertThat(check.holds(outlier, 100, 1, 0, DetectionInputs.none())).isFalse();
  }

  @Test
  void badInputIsNamed() {
    assertThatThrownBy(() -> check.suspect(null, 0, DetectionInputs.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("values is null");
    double[] values = stepAtTheEnd(1, 0, 1);
    values[50] = Double.NaN;
    assertThatThrownBy(() -> check.suspect(values, 0, DetectionInputs.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("values[50] is NaN");
    assertThatThrownBy(() -> check.suspect(values, 500, 0, DetectionInputs.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outside the series");
  }

  /**
   * A level 1.5 % higher whose nights spread three times the history's 1 % noise is noise that
   * grew, not a step that stands (its z against their spread is under 3); the same level with the
   * history's noise stands.
   */
  @Test
  void aLevelWhoseNightsSpreadMuchMoreDoesNotStandAsAStep() {
    for (long seed = 1; seed <= 10; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      double[] noisier = new double[130];
      double[] same = new double[130];
      for (int i = 0; i < noisier.length; i++) {
        double g = PlantedSeries.gaussian(random);
        double level = i < 100 ? 1 : 1.015;
        noisier[i] = 1000 * level * (1 + (i < 100 ? 0.01 : 0.03) * g);
        same[i] = 1000 * level * (1 + 0.01 * g);
      }
      assertThat(
              check.standsUnderPersistence(
                  noisier, noisier.length, 100, 1, 0, DetectionInputs.none(), 3.5))
          .as("seed %d: noise that grew", seed)
          .isFalse();
      assertThat(
              check.standsUnderPersistence(
                  same, same.length, 100, 1, 0, DetectionInputs.none(), 3.5))
          .as("seed %d: a step", seed)
          .isTrue();
    }
  }
}
