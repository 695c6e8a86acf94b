package org.nightbench.harness;

import org.nightbench.benchjobs.result.HarnessResult;

/**
 * The result file of one harness JVM with the run step that produced it.
 *
 * @param step e.g. {@code search JVM 2/3}, {@code nrt merging}
 * @param result what the JVM wrote
 */
public record StepResult(String step, HarnessResult result) {}
