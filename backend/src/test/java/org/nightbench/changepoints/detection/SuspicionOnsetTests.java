package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Where a suspicion is placed, on seeded series whose step arrived several nights before the
 * detector looked (a backfill, a detection over the whole history): at the step's first night, not
 * the newest; or, where the nights cannot tell, over a range of nights that holds it.
 */
class SuspicionOnsetTests {

  private final SuspicionCheck check = new SuspicionCheck();
  private final SuspicionOnset onset = new SuspicionOnset();

  /** {@code length} nights of 1 % noise at 1000, {@code step} higher from night {@code at} on. */
  private static double[] series(long seed, int length, int at, double step) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[length];
    for (int i = 0; i < length; i++) {
      values[i] = 1000 * (i < at ? 1 : 1 + step) * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    return values;
  }

  private SuspicionOnset.Placed suspectAndPlace(double[] values, DetectionInputs inputs) {
    SuspectedChange suspected = check.suspect(values, 0, inputs).orElseThrow();
    return onset.place(values, suspected, 0, inputs);
  }

  @Test
  void aStepFiveNightsBeforeTheNewestIsPlacedAtItsFirstNight() {
    for (long seed = 1; seed <= 10; seed++) {
      // Night 395 of 400 (index 394) is the first of the new level.
      double[] values = series(seed, 400, 394, -0.10);
      SuspectedChange probe = check.suspect(values, 0, DetectionInputs.none()).orElseThrow();
      assertThat(probe.index()).as("the check alone looks at the newest nights").isGreaterThan(396);

      SuspicionOnset.Placed placed = onset.place(values, probe, 0, DetectionInputs.none());

      assertThat(placed.exact()).isTrue();
      assertThat(placed.change().index()).isEqualTo(394);
      assertThat(placed.change().nights()).isEqualTo(6);
      assertThat(placed.change().relativeChange()).isBetween(-0.12, -0.08);
      assertThat(placed.change().reference()).isBetween(990.0, 1010.0);
      assertThat(placed.change().noiseSigma()).isBetween(7.0, 13.0);
    }
  }

  @Test
  void aStepOnTheNewestNightStaysThere() {
    for (long seed = 1; seed <= 10; seed++) {
      SuspicionOnset.Placed placed =
          suspectAndPlace(series(seed, 200, 199, 0.08), DetectionInputs.none());
      assertThat(placed.exact()).isTrue();
      assertThat(placed.change().index()).isEqualTo(199);
    }
  }

  /**
   * Twenty nights that lean 1.5σ the step's way, then a step on the newest night: arriving at once,
   * the likelihood puts the new level's first night back among the leaning nights; judged night by
   * night (each of them judged as it came, none suspected), the newest night, which stood out by
   * itself, stays the onset.
   */
  @Test
  void onANightlyPathAStepOnTheNewestNightStaysThereThoughTheNightsBeforeLeanItsWay() {
    int movedBack = 0;
    for (long seed = 1; seed <= 10; seed++) {
      double[] values = series(seed, 200, 179, 0.015);
      values[199] = 1000 * 1.075 * (values[199] / 1015);
      SuspectedChange suspected = check.suspect(values, 0, DetectionInputs.none()).orElseThrow();
      assertThat(suspected.nights()).isEqualTo(1);

      SuspicionOnset.Placed batch = onset.place(values, suspected, 0, DetectionInputs.none(), 0);
      SuspicionOnset.Placed nightly =
          onset.place(values, suspected, 0, DetectionInputs.none(), 199);

      movedBack += batch.earliest() < 197 ? 1 : 0;
      assertThat(nightly.change().index()).isEqualTo(199);
      assertThat(nightly.exact()).isTrue();
    }
    assertThat(movedBack)
        .as("arriving at once, the leaning nights take the onset")
        .isGreaterThan(6);
  }

  /**
   * The nightly step tells the onset which nights were judged: a step five nights old whose newest
   * night (a further 15 % down) stands out alone stays there when only that night arrived (the
   * nights before were judged and passed), and is placed at its first night when the six arrived
   * together.
   */
  @Test
  void theNightlyStepPlacesBackOnlyOverNightsThatArrivedTogether() {
    NightlyStep step = new NightlyStep(DetectorSettings.defaults());
    int alone = 0;
    for (long seed = 1; seed <= 10; seed++) {
      double[] values = series(seed, 400, 394, -0.10);
      values[399] *= 0.85;
      SuspectedChange probe = check.suspect(values, 0, DetectionInputs.none()).orElseThrow();

      SuspectedChange nightly =
          suspected(step.night(values, null, DetectionInputs.none(), List.of()));
      SuspectedChange together =
          suspected(step.night(values, null, DetectionInputs.none(), List.of(), 6));

      assertThat(together.index()).isEqualTo(394);
      if (probe.nights() == 1) {
        alone++;
        assertThat(nightly.index()).isEqualTo(probe.index());
      } else {
        assertThat(nightly.index()).isEqualTo(394);
      }
    }
    assertThat(alone).as("seeds whose newest night stands out alone").isPositive();
  }

  private static SuspectedChange suspected(List<NightlyStep.Decision> decisions) {
    return decisions.stream()
        .filter(NightlyStep.Suspect.class::isInstance)
        .map(d -> ((NightlyStep.Suspect) d).change())
        .findFirst()
        .orElseThrow();
  }

  @Test
  void whereTheNightsCannotTellTheRangeHoldsTheStep() {
    int ranges = 0;
    int held = 0;
    for (long seed = 1; seed <= 20; seed++) {
      // A step of 1.5 σ, ten nights before the newest, suspected on the newest night.
      double[] values = series(seed, 200, 190, 0.015);
      SuspectedChange suspected = new SuspectedChange(199, 1, 1000, 1030, 0.03, 4, 3, 10, 0);
      SuspicionOnset.Placed placed = onset.place(values, suspected, 0, DetectionInputs.none());
      assertThat(placed.earliest()).isLessThanOrEqualTo(placed.change().index());
      assertThat(placed.earliest()).isGreaterThanOrEqualTo(200 - SuspicionOnset.LOOK);
      assertThat(placed.change().nights()).isEqualTo(200 - placed.change().index());
      ranges += placed.exact() ? 0 : 1;
      held += placed.earliest() <= 190 && 190 <= placed.change().index() ? 1 : 0;
    }
    assertThat(ranges).as("a small step's first night is rarely clear").isGreaterThanOrEqualTo(15);
    assertThat(held).as("the range holds the step's first night").isGreaterThanOrEqualTo(16);
  }

  @Test
  void anExcludedNightIsNeverTheFirst() {
    double[] values = series(3, 400, 394, -0.10);
    // Night 394 excluded: the first night of the new level left is 395.
    DetectionInputs inputs = DetectionInputs.none().withExcluded(Set.of(394));
    SuspicionOnset.Placed placed = suspectAndPlace(values, inputs);
    assertThat(placed.change().index()).isEqualTo(395);
    assertThat(placed.exact()).isTrue();
  }
}
