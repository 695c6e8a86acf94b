package org.nightbench.benchjobs.runner;

import java.io.PrintStream;
import java.nio.file.Path;
import org.nightbench.protocol.StepSpec;

/**
 * A step that prepares an input and measures nothing (the task file of {@code generate-tasks}): it
 * writes its own output, which is not a result file. Instantiated as a {@link Benchmark} is, by a
 * public no-argument constructor.
 *
 * @param <S> the spec record it reads
 */
public interface Preparation<S extends StepSpec> {

  /** Writes the prepared input to {@code out}. */
  void prepare(S spec, Path out, PrintStream log) throws Exception;
}
