package org.nightbench.harness;

import java.nio.file.Path;
import org.nightbench.protocol.result.HarnessResult;

/**
 * The result file of one harness JVM with the run step that produced it.
 *
 * @param step e.g. {@code search JVM 2/3}, {@code nrt merging}
 * @param result what the JVM wrote
 * @param recording the JVM's Java Flight Recorder file in the run's work directory; null when it
 *     recorded none
 * @param settings the settings that shaped the step's numbers; null when not known (a result read
 *     back from elsewhere)
 */
public record StepResult(String step, HarnessResult result, Path recording, StepSettings settings) {

  /** A step whose settings are not known. */
  public StepResult(String step, HarnessResult result, Path recording) {
    this(step, result, recording, null);
  }

  /** A step that recorded no JFR and whose settings are not known. */
  public StepResult(String step, HarnessResult result) {
    this(step, result, null, null);
  }

  /**
   * The benchmark this step's recording is stored under: the step without its JVM number ({@code
   * search JVM 2/10} is {@code search}), so a benchmark's JVMs' samples are merged into one.
   */
  public String recordedBenchmark() {
    return step.replaceFirst(" JVM \\d+/\\d+$", "");
  }
}
