package org.nightbench.harness;

import java.util.function.Consumer;

/**
 * Where the steps of a run tell what they do: every line goes to the run's log, and the name of the
 * step now running to whoever shows progress. The caller decides what a failed progress write
 * costs.
 */
public interface StepJournal extends Consumer<String> {

  /** The step that starts now, e.g. {@code search JVM 2/3}. */
  void progress(String step);
}
