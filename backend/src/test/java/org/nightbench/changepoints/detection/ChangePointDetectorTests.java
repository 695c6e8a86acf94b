package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.nightbench.synthetic.SeriesShape;

/** The detector on seeded synthetic signals: what it must find, what it must not, bad input. */
class ChangePointDetectorTests {

  private final ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());

  /** {@code length} values of {@code level(i) * (1 + noise * gaussian)}, from a fixed seed. */
  private static double[] series(int length, double noise, long seed, IntToDoubleFunction level) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[length];
    for (int i = 0; i < length; i++) {
      values[i] = level.applyAsDouble(i) * (1 + noise * PlantedSeries.gaussian(random));
    }
    return values;
  }

  private static double[] constant(int length, double value) {
    double[] values = new double[length];
    Arrays.fill(values, value);
    return values;
  }

  @Test
  void findsACleanStepWhereItIsWithTheLevelsOnEitherSide() {
    for (long seed = 1; seed <= 5; seed++) {
      double[] values = series(300, 0.01, seed, i -> i < 180 ? 1000 : 1100);

      List<DetectedChange> found = detector.detect(values, null);

      assertThat(found).hasSize(1);
      DetectedChange change = found.get(0);
      assertThat(change.index()).isBetween(178, 182);
      assertThat(change.meanBefore()).isCloseTo(1000, within(10.0));
      assertThat(change.meanAfter()).isCloseTo(1100, within(10.0));
      assertThat(change.relativeChange()).isCloseTo(0.10, within(0.01));
      assertThat(change.relativeChange())
          .isCloseTo(change.meanAfter() / change.meanBefore() - 1, within(1e-12));
      assertThat(change.pValue()).isLessThan(1e-10);
    }
  }

  /**
   * 400 nights of 2 % AR(1) noise with φ = 0.8 (a machine's state lasting days) around a level that
   * moves by {@code step} at night 200.
   */
  private static double[] persistent(long seed, double step) {
    SplittableRandom random = new SplittableRandom(seed);
    double phi = 0.8;
    double state = PlantedSeries.gaussian(random);
    double[] values = new double[400];
    for (int i = 0; i < values.length; i++) {
      state = phi * state + Math.sqrt(1 - phi * phi) * PlantedSeries.gaussian(random);
      values[i] = 1000 * (i < 200 ? 1 : 1 + step) * (1 + 0.02 * state);
    }
    return values;
  }

  @Test
  void aStepOnPersistentNoiseIsFoundAndNothingElse() {
    int found = 0;
    for (long seed = 1; seed <= 20; seed++) {
      List<DetectedChange> changes = detector.detect(persistent(seed, 0.08), null);

      assertThat(changes).as("seed %d", seed).hasSizeLessThanOrEqualTo(1);
      if (!changes.isEmpty() && Math.abs(changes.get(0).index() - 200) <= 1) {
        found++;
      }
    }
    // A 4σ step with 200 nights each side; its means vary as if each side had 22 nights.
    assertThat(found).isGreaterThanOrEqualTo(18);
  }

  @Test
  void aStepOnPersistentNoiseIsPlacedOnItsNight() {
    int found = 0;
    for (long seed = 1; seed <= 20; seed++) {
      List<DetectedChange> changes = detector.detect(persistent(seed, 0.06), null);

      // Least squares on the raw values would place some of these 2-5 nights off, where the
      // wander happens to fit; prewhitened, a step is a spike on its first night. (Two seeds
      // report 202, the middle of their likeliest nights.)
      assertThat(changes)
          .as("seed %d", seed)
          .allSatisfy(c -> assertThat(c.index()).isBetween(198, 202));
      found += changes.size();
    }
    assertThat(found).isGreaterThanOrEqualTo(15);
  }

  @Test
  void aSingleOutlierIsNoChange() {
    for (long seed = 1; seed <= 5; seed++) {
      double[] values = series(300, 0.01, seed, i -> 1000);
      values[150] *= 1.30;
      values[40] *= 0.70;
      values[295] *= 1.25;

      assertThat(detector.detect(values, null)).isEmpty();
    }
  }

  @Test
  void aSlowDriftIsNoChange() {
    for (long seed = 1; seed <= 5; seed++) {
      // 20 % over the series, and a ramp of 10 % that starts and stops within it.
      double[] drift = series(1000, 0.01, seed, i -> 1000 * (1 + 0.2 * i / 1000.0));
      double[] ramp =
          series(
              1000, 0.01, seed, i -> 1000 * (1 + 0.1 * Math.min(1, Math.max(0, i - 300) / 400.0)));

      assertThat(detector.detect(drift, null)).isEmpty();
      assertThat(detector.detect(ramp, null)).isEmpty();
    }
  }

  @Test
  void aWeeklySwingIsNoChange() {
    for (long seed = 1; seed <= 5; seed++) {
      double[] weak =
          series(700, 0.01, seed, i -> 1000 * (1 + 0.01 * Math.sin(2 * Math.PI * i / 7)));
      double[] strong =
          series(700, 0.01, seed, i -> 1000 * (1 + 0.03 * Math.sin(2 * Math.PI * i / 7)));

      assertThat(detector.detect(weak, null)).isEmpty();
      assertThat(detector.detect(strong, null)).isEmpty();
    }
  }

  @Test
  void twoStepsAreTwoChanges() {
    double[] values = series(500, 0.01, 7, i -> i < 150 ? 1000 : i < 320 ? 1080 : 1015);

    List<DetectedChange> found = detector.detect(values, null);

    assertThat(found).extracting(DetectedChange::index).hasSize(2);
    assertThat(found.get(0).index()).isBetween(148, 152);
    assertThat(found.get(0).relativeChange()).isCloseTo(0.08, within(0.01));
    assertThat(found.get(1).index()).isBetween(318, 322);
    assertThat(found.get(1).relativeChange()).isCloseTo(1015 / 1080.0 - 1, within(0.01));
  }

  @Test
  void aStepAgainstAnOppositeDriftIsFound() {
    // The drift takes back what the step adds, so the two sides' means hardly differ.
    double[] values = series(160, 0.01, 3, i -> 1000 * (1 - 0.001 * i) * (i < 120 ? 1 : 1.09));

    List<DetectedChange> found = detector.detect(values, null);

    assertThat(found).hasSize(1);
    assertThat(found.get(0).index()).isBetween(118, 122);
    assertThat(found.get(0).relativeChange()).isCloseTo(0.09, within(0.02));
  }

  @Test
  void shortSeriesGiveNothingWithoutError() {
    int tooShort = 2 * DetectorSettings.defaults().minSegment() - 1;
    double[] stepped = new double[tooShort];
    for (int i = 0; i < tooShort; i++) {
      stepped[i] = i < tooShort / 2 ? 100 : 200;
    }

    assertThat(detector.detect(new double[0], null)).isEmpty();
    assertThat(detector.detect(new double[] {1}, new double[] {Double.NaN})).isEmpty();
    assertThat(detector.detect(stepped, null)).isEmpty();
    assertThat(detector.detectAppended(stepped, null, 0)).isEmpty();
  }

  @Test
  void aConstantSeriesGivesNothingAndAnExactStepIsFound() {
    double[] stepped = constant(40, 5);
    Arrays.fill(stepped, 20, 40, 6);

    assertThat(detector.detect(constant(40, 5), null)).isEmpty();
    assertThat(detector.detect(stepped, null))
        .extracting(DetectedChange::index)
        .containsExactly(20);
  }

  @Test
  void withinRunDeviationsMayBeMissingOrUnknown() {
    double[] values = series(300, 0.01, 11, i -> i < 180 ? 1000 : 1100);
    double[] stddevs = new double[values.length];
    Arrays.fill(stddevs, 20);
    stddevs[10] = Double.NaN;

    assertThat(detector.detect(values, stddevs)).extracting(DetectedChange::index).hasSize(1);
    assertThat(detector.detect(values, null)).extracting(DetectedChange::index).hasSize(1);
  }

  @Test
  void badInputIsRejectedNamingTheProblem() {
    double[] values = constant(30, 1);
    double[] withNan = constant(30, 1);
    withNan[5] = Double.NaN;
    double[] withInfinity = constant(30, 1);
    withInfinity[7] = Double.POSITIVE_INFINITY;
    double[] negative = constant(30, 1);
    negative[3] = -1;

    assertThatThrownBy(() -> detector.detect(withNan, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("values[5]")
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> detector.detect(withInfinity, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("values[7]");
    assertThatThrownBy(() -> detector.detect(values, new double[29]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stddevs has 29")
        .hasMessageContaining("values has 30");
    assertThatThrownBy(() -> detector.detect(values, negative))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stddevs[3]");
    assertThatThrownBy(() -> detector.detect(null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("values is null");
    assertThatThrownBy(() -> detector.detectAppended(values, null, 31))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("knownChangeIndex 31");
    assertThatThrownBy(() -> detector.detectAppended(values, null, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("knownChangeIndex -1");
  }

  @Test
  void badSettingsAreRejected() {
    DetectorSettings d = DetectorSettings.defaults();
    assertThatThrownBy(
            () ->
                new DetectorSettings(
                    0,
                    d.minRelativeChange(),
                    d.minSegment(),
                    d.context(),
                    d.outlierThreshold(),
                    d.withinRunFloor(),
                    d.appendWindow()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("significance");
    assertThatThrownBy(
            () ->
                new DetectorSettings(
                    d.significance(),
                    d.minRelativeChange(),
                    2,
                    d.context(),
                    d.outlierThreshold(),
                    d.withinRunFloor(),
                    d.appendWindow()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minSegment");
    assertThatThrownBy(
            () ->
                new DetectorSettings(
                    d.significance(),
                    d.minRelativeChange(),
                    d.minSegment(),
                    d.context(),
                    d.outlierThreshold(),
                    d.withinRunFloor(),
                    100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("appendWindow");
  }

  @Test
  void appendingNightByNightFindsWhatOneFullDetectionFinds() {
    for (long seed = 1; seed <= 3; seed++) {
      PlantedSeries planted =
          PlantedSeries.generate(
              PlantedSeries.Kind.EVERYTHING, 1200, new SplittableRandom(seed * 1000));
      List<Integer> full =
          detector.detect(planted.values(), planted.stddevs()).stream()
              .map(DetectedChange::index)
              .toList();
      List<Integer> nightly = new ArrayList<>();
      for (int n = 1; n <= planted.values().length; n++) {
        int known = nightly.isEmpty() ? 0 : nightly.get(nightly.size() - 1);
        double[] stddevs = planted.stddevs() == null ? null : Arrays.copyOf(planted.stddevs(), n);
        for (DetectedChange change :
            detector.detectAppended(Arrays.copyOf(planted.values(), n), stddevs, known)) {
          assertThat(change.index()).isGreaterThanOrEqualTo(detector.appendedFrom(n, known));
          nightly.add(change.index());
        }
      }

      assertThat(full).isNotEmpty();
      assertThat(nightly).hasSameSizeAs(full);
      for (int k = 0; k < full.size(); k++) {
        assertThat(nightly.get(k)).isCloseTo(full.get(k), within(2));
      }
      for (SeriesShape.Step step : planted.steps()) {
        if (Math.abs(step.relative()) >= 3 * planted.sigma()) {
          assertThat(full).anySatisfy(i -> assertThat(i).isCloseTo(step.night(), within(2)));
        }
      }
    }
  }

  @Test
  void appendingToALongSeriesReportsOnlyWhatItsTailCanStillChange() {
    double[] values = series(5500, 0.01, 5, i -> i < 5000 ? 1000 : i < 5300 ? 1100 : 1050);
    List<DetectedChange> full = detector.detect(values, null);

    List<DetectedChange> appended = detector.detectAppended(values, null, 0);
    List<DetectedChange> again = detector.detectAppended(values, null, appended.get(0).index());

    assertThat(full).extracting(DetectedChange::index).hasSize(2);
    // 5000 is older than the tail's settled part: a nightly caller stored it long ago.
    assertThat(detector.appendedFrom(5500, 0)).isBetween(5001, 5300);
    assertThat(appended).containsExactly(full.get(1));
    assertThat(again).isEmpty();
  }

  /**
   * Two series of the held-out generator (tuning seed 1) where relocation loses a clear step: an
   * AR(1) step of 2.4σ at night 597 (series 1506) and one of 2.2σ at night 109 (series 1870) pass
   * where they stand, fail with a neighbour once a relocation round has moved them, and are found
   * only because the places they passed at are taken back (without it both are missed).
   */
  @Test
  void aStepThatPassedWhereItStoodIsKeptWhenRelocationMovesItWhereItFails() {
    List<HeldOutSeries> set = HeldOutSeries.withSteps(1, 1871);

    for (int k : new int[] {1506, 1870}) {
      HeldOutSeries series = set.get(k);
      List<DetectedChange> found = detector.detect(series.values(), series.stddevs());

      for (HeldOutSeries.Step step : series.steps()) {
        if (Math.abs(step.sizeSigma()) >= 2) {
          assertThat(found)
              .as("series %d, step at %d", k, step.index())
              .anySatisfy(c -> assertThat(c.index()).isCloseTo(step.index(), within(2)));
        }
      }
    }
  }
}
