package org.nightbench.worker;

import java.util.Map;
import java.util.Optional;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessJvms;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.nightbench.runs.RunnerProperties;
import org.springframework.stereotype.Component;

/**
 * A run that is an A/B comparison: the comparisons room measures it through the {@link
 * ComparisonRuns} port with what the worker lends it (log, progress, work directory, harness JVMs),
 * stores its samples, and the run ends. Its numbers judge two revisions against each other; they
 * are no night of any series.
 */
@Component
record ComparisonExecution(
    ComparisonRuns comparisons,
    RunRepository runs,
    RunWorkDirectories workDirectories,
    HarnessJvms jvms,
    RunnerProperties settings) {

  /** The comparison the run is; empty for an ordinary run. */
  Optional<ComparisonRuns.Measurement> comparison(Run run) {
    return comparisons.comparison(run.id());
  }

  void execute(
      RunTry attempt,
      ComparisonRuns.Measurement comparison,
      RunLog log,
      Cancellation cancellation) {
    Run run = attempt.run();
    RunJournal journal = new RunJournal(attempt, log, runs);
    ComparisonRuns.Measured measured =
        comparison.measure(run, new ComparisonWorker(attempt, journal, cancellation, this));
    journal.accept("== comparing");
    runs.updateProgress(attempt, "comparing");
    measured.store();
    if (!runs.markSucceeded(
        attempt,
        jvms.json().writeValueAsString(Map.of("jdk", measured.jdk(), "comparison", true)))) {
      throw new IllegalStateException("run " + run.id() + " may not succeed now (see the log)");
    }
    journal.accept("compared " + measured.metrics() + " metrics");
  }
}
