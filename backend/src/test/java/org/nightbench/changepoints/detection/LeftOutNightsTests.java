package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A suspicion raised on a machine spell's night, once the spell is over and left out of the history
 * ({@link MachineNights}), is withdrawn and hides nothing: a code step on the night right after the
 * spell is suspected that night.
 */
class LeftOutNightsTests {

  private final NightlyReplay replay =
      new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));

  @Test
  void aSuspicionOnASpellLeftOutIsWithdrawnAndAStepRightAfterItIsSuspected() {
    SplittableRandom random = new SplittableRandom(38_002);
    double[] values = new double[90];
    for (int i = 0; i < values.length; i++) {
      double level = i >= 82 ? 0.88 : i >= 80 ? 1.12 : 1;
      values[i] = 100 * level * (1 + 0.02 * HeldOutSeries.gaussian(random));
    }
    NightlyReplay.Result result =
        replay.replay(values, null, DetectionInputs.none(), Set.of(80, 81));

    List<String> events =
        result.events().stream()
            .filter(e -> e.night() <= 82)
            .map(e -> e.night() + ":" + e.stage().stored() + "@" + e.index())
            .toList();
    assertThat(events)
        .as("the spell's suspicion, withdrawn the night the step comes, which is suspected")
        .contains("80:suspected@80", "82:withdrawn@80", "82:suspected@82");
    assertThat(result.events())
        .filteredOn(e -> e.stage() == NightlyStep.Stage.WITHDRAWN && e.index() == 80)
        .extracting(NightlyReplay.Event::reason)
        .containsExactly("its night is left out of the history");
  }
}
