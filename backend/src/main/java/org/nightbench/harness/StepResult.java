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
 */
public record StepResult(String step, HarnessResult result, Path recording) {

  /** A step that recorded no JFR. */
  public StepResult(String step, HarnessResult result) {
    this(step, result, null);
  }

  /**
   * The benchmark this step's recording is stored under: the step without its JVM number ({@code
   * search JVM 2/10} is {@code search}), so a benchmark's JVMs' samples are merged into one.
   */
  public String recordedBenchmark() {
    return step.replaceFirst(" JVM \\d+/\\d+$", "");
  }
}
