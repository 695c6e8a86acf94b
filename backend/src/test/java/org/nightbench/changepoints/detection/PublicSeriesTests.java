package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A public series with a published answer: TigerBeetle's benchmark as Apache Otava tests it ({@code
 * tests/tigerbeetle_test.py}; Otava with a 5 % minimum magnitude finds 15 and 71). Its sketch shows
 * shifts at 15, 61, 71 and 95 and then a slow upward slope. Replayed night by night as the app
 * judges it, and looked at whole, the four shifts are confirmed where they are, and no step is cut
 * into the slope: night by night, where the nightly detector did cut it, the steps are one drift.
 */
class PublicSeriesTests {

  static double[] tigerbeetle() throws IOException {
    try (InputStream in =
        PublicSeriesTests.class.getResourceAsStream("/changepoints/tigerbeetle.csv")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(line -> !line.isBlank() && !line.startsWith("#"))
          .mapToDouble(Double::parseDouble)
          .toArray();
    }
  }

  @Test
  void tigerBeetlesFourShiftsAreStepsAndItsSlopeOneDriftNightByNightAndWhole() throws IOException {
    double[] values = tigerbeetle();
    assertThat(values).hasSize(365);

    NightlyReplay.Result replayed =
        new NightlyReplay(new NightlyStep(DetectorSettings.defaults()))
            .replay(values, null, DetectionInputs.none());
    List<NightlyStep.Known> confirmed =
        replayed.changePoints().stream()
            .filter(k -> k.stage() == NightlyStep.Stage.CONFIRMED)
            .toList();
    List<DetectedChange> whole =
        new ChangePointDetector(DetectorSettings.defaults()).detect(values, null);

    assertThat(confirmed.stream().filter(k -> k.last() < 0).map(NightlyStep.Known::index))
        .as("steps night by night: %s", confirmed)
        .satisfiesExactly(
            i -> assertThat(i).isBetween(14, 16),
            i -> assertThat(i).isBetween(60, 62),
            i -> assertThat(i).isBetween(70, 72),
            i -> assertThat(i).isBetween(94, 96));
    assertThat(whole.stream().filter(c -> c.drift() == null).map(DetectedChange::index))
        .as("steps whole: %s", whole)
        .satisfiesExactly(
            i -> assertThat(i).isBetween(14, 16),
            i -> assertThat(i).isBetween(60, 62),
            i -> assertThat(i).isBetween(70, 72),
            i -> assertThat(i).isBetween(94, 96));

    // The slope after 95: one drift upward, from the drop on, both ways.
    List<NightlyStep.Known> nightlyDrifts = confirmed.stream().filter(k -> k.last() >= 0).toList();
    assertThat(nightlyDrifts).as("drifts night by night").hasSize(1);
    assertThat(nightlyDrifts.get(0).index()).isBetween(95, 130);
    assertThat(nightlyDrifts.get(0).relativeChange()).isPositive();
    // Whole, the detector cuts no step into the slope, so there is no run of steps to call a drift:
    // a slope no step cuts is no change, as in ChangePointDetectorTests.aSlowDriftIsNoChange.
    assertThat(whole.stream().filter(c -> c.drift() != null)).as("drifts whole").isEmpty();
    // The drop at 10 is one night: suspected, never confirmed.
    assertThat(confirmed).noneMatch(k -> k.index() == 10);
  }
}
