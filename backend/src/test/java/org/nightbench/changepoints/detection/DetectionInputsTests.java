package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** An editor's inputs: excluded nights, known boundaries, a per-series minimum change. */
class DetectionInputsTests {

  private final ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());

  private static double[] stepAt(int length, int at, double step, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[length];
    for (int i = 0; i < length; i++) {
      values[i] = (i < at ? 1000 : 1000 * (1 + step)) * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    return values;
  }

  @Test
  void aKnownBoundaryIsNotReportedAndOtherStepsStill() {
    double[] values = stepAt(300, 150, 0.10, 1);
    for (int i = 220; i < 300; i++) {
      values[i] *= 0.9;
    }
    assertThat(detector.detect(values, null)).extracting(DetectedChange::index).hasSize(2);

    List<DetectedChange> found =
        detector.detect(values, null, DetectionInputs.none().withKnownBoundaries(Set.of(151)));

    assertThat(found).extracting(DetectedChange::index).singleElement().isIn(219, 220, 221);
  }

  @Test
  void excludedNightsAreNotSeen() {
    double[] values = stepAt(300, 400, 0, 2);
    // Three bad nights in a row look like the start of a new level at the end of the series.
    for (int i = 290; i < 300; i++) {
      values[i] *= 1.2;
    }
    assertThat(detector.detect(values, null)).isNotEmpty();

    Set<Integer> bad = Set.of(290, 291, 292, 293, 294, 295, 296, 297, 298, 299);
    assertThat(detector.detect(values, null, DetectionInputs.none().withExcluded(bad))).isEmpty();
  }

  @Test
  void indicesAfterExcludedNightsAreTheCallersIndices() {
    double[] values = stepAt(300, 200, 0.10, 3);
    values[50] *= 5;
    Set<Integer> excluded = Set.of(10, 11, 12, 50, 120);

    List<DetectedChange> found =
        detector.detect(values, null, DetectionInputs.none().withExcluded(excluded));

    assertThat(found).extracting(DetectedChange::index).singleElement().isIn(199, 200, 201);
  }

  @Test
  void aSeriesMinimumRelativeChangeSilencesSmallerSteps() {
    double[] values = stepAt(300, 150, 0.05, 4);
    assertThat(detector.detect(values, null)).hasSize(1);

    assertThat(detector.detect(values, null, DetectionInputs.none().withMinRelativeChange(0.08)))
        .isEmpty();
    assertThat(detector.detect(values, null, DetectionInputs.none().withMinRelativeChange(0.03)))
        .hasSize(1);
  }

  @Test
  void everyChangeCarriesItsEvidence() {
    double[] values = stepAt(300, 150, 0.05, 5);

    DetectedChange change = detector.detect(values, null).get(0);

    assertThat(change.noiseSigma()).isCloseTo(10, within(2.5));
    assertThat(change.effectSigma()).isCloseTo(5, within(1.5));
    assertThat(change.serialCorrelation()).isBetween(-0.3, 0.3);
    assertThat(change.pValue()).isLessThan(1e-6);
  }

  @Test
  void appendingHonoursTheInputs() {
    double[] values = stepAt(300, 150, 0.10, 6);
    DetectionInputs inputs = DetectionInputs.none().withKnownBoundaries(Set.of(150));

    assertThat(detector.detectAppended(values, null, 0, inputs)).isEmpty();
    assertThat(detector.detectAppended(values, null, 0)).hasSize(1);
  }

  @Test
  void badInputsAreRejectedNamingTheProblem() {
    double[] values = new double[20];
    assertThatThrownBy(
            () -> detector.detect(values, null, DetectionInputs.none().withExcluded(Set.of(20))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("excluded index 20 is outside the series of 20 values");
    assertThatThrownBy(
            () ->
                detector.detect(
                    values, null, DetectionInputs.none().withKnownBoundaries(Set.of(-1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("known boundary -1 is outside the series of 20 values");
    assertThatThrownBy(() -> DetectionInputs.none().withMinRelativeChange(-0.1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minRelativeChange must be >= 0");
  }
}
