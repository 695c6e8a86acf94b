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
 * judges it, and looked at whole, the four shifts are confirmed where they are.
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
  void tigerBeetlesFourShiftsAreConfirmedNightByNightAndWhole() throws IOException {
    double[] values = tigerbeetle();
    assertThat(values).hasSize(365);

    NightlyReplay.Result replayed =
        new NightlyReplay(new NightlyStep(DetectorSettings.defaults()))
            .replay(values, null, DetectionInputs.none());
    List<Integer> nightly =
        replayed.changePoints().stream()
            .filter(k -> k.stage() == NightlyStep.Stage.CONFIRMED)
            .map(NightlyStep.Known::index)
            .toList();
    List<Integer> whole =
        new ChangePointDetector(DetectorSettings.defaults())
            .detect(values, null).stream().map(DetectedChange::index).toList();

    assertThat(nightly).as("night by night").contains(15, 61, 71, 95);
    assertThat(whole).as("whole").contains(15, 61, 71, 95);
    // The drop at 10 is one night: suspected, never confirmed.
    assertThat(nightly).doesNotContain(10);
  }
}
