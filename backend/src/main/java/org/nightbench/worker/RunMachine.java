package org.nightbench.worker;

import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.DisturbanceCheck;
import org.nightbench.jdk.Jdk;
import org.nightbench.machine.CalibrationCheck;
import org.nightbench.machine.MachineState;
import org.nightbench.machine.MachineStateProbe;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunTry;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a run learns about the box it ran on: what changed since the previous run of its series, and
 * whether its calibration says the machine was disturbed.
 */
@Component
class RunMachine {

  private final MachineStateProbe machine;
  private final RunHistoryRepository history;
  private final JsonMapper json;

  RunMachine(MachineStateProbe machine, RunHistoryRepository history, JsonMapper json) {
    this.machine = machine;
    this.history = history;
    this.json = json;
  }

  /** Records the box's state and says what changed since the previous run of the same series. */
  List<String> changes(RunTry attempt, Jdk jdk, RunLog log) {
    Run run = attempt.run();
    MachineState state = machine.capture(jdk.identity());
    history.recordMachineState(attempt, json.writeValueAsString(state));
    MachineState previous =
        history
            .previousMachineState(run)
            .map(text -> json.readValue(text, MachineState.class))
            .orElse(null);
    List<String> notes =
        state.warnings(previous).stream().map(warning -> "environment: " + warning).toList();
    notes.forEach(log);
    return notes;
  }

  /** Why the calibration says the machine was disturbed; null when it was not or was not timed. */
  String disturbed(Run run, BenchmarkProfile profile, Double before, Double after) {
    if (before == null) {
      return null;
    }
    DisturbanceCheck check = profile.disturbance();
    return CalibrationCheck.disturbed(
            before,
            after,
            history.quietCalibration(
                run.machine(),
                run.id(),
                check.window(),
                check.disturbedPercent() / 200,
                MachineState.BUSY_LOAD_PER_CORE),
            check.disturbedPercent(),
            check.minRuns())
        .orElse(null);
  }
}
