package org.nightbench.worker;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.corpus.Corpus;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.StepResult;
import org.nightbench.ingest.RunContext;
import org.nightbench.jdk.Jdk;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The steps of one run: prepare it (resolve the revision, JDK and corpus, note the machine), time
 * the calibration, run the benchmarks ({@link org.nightbench.harness.plan.NightlyBenchmarks}), time
 * the calibration again, and complete it (ingest the result files and end the run in one
 * transaction). Any failure ends the run with one line saying which step failed and why.
 */
@Component
class RunExecutor {

  private final RunPreparation preparation;
  private final RunMachine machine;
  private final RunCompletion completion;
  private final RunRepository runs;
  private final ComparisonExecution comparisons;
  private final RunControl control;
  private final RunEnvironment environment;

  RunExecutor(
      RunPreparation preparation,
      RunMachine machine,
      RunCompletion completion,
      RunRepository runs,
      ComparisonExecution comparisons,
      RunControl control,
      RunEnvironment environment) {
    this.preparation = preparation;
    this.machine = machine;
    this.completion = completion;
    this.runs = runs;
    this.comparisons = comparisons;
    this.control = control;
    this.environment = environment;
  }

  /**
   * Runs every step; throws with a one-line message when the run cannot go on (resolving, the first
   * indexing, ingesting), and {@link org.nightbench.harness.HarnessCancelledException} when {@code
   * cancellation} stopped a JVM. A later benchmark that fails is named in the run's error while the
   * others' results are kept. Ingestion goes through {@code database}, so a database that is away
   * for a while costs a wait, not the run; the result files stay until it is back.
   */
  void execute(RunTry attempt, RunLog log, Cancellation cancellation, DatabaseRetry database) {
    Run run = attempt.run();
    Optional<ComparisonRuns.Measurement> comparison = comparisons.comparison(run);
    if (comparison.isPresent()) {
      comparisons.execute(attempt, comparison.get(), log, cancellation);
      return;
    }
    RunPreparation.Prepared prepared = preparation.prepare(attempt, log, cancellation);
    Double calibrationBefore = prepared.benchmarks().calibrate("before");
    prepared.benchmarks().run();
    RunControl.Measured measured = control.measure(attempt, prepared, log, cancellation);
    Double calibrationAfter = prepared.benchmarks().calibrate("after");
    complete(attempt, log, database, prepared, measured, calibrationBefore, calibrationAfter);
  }

  /** Checks the calibration against the box's recent ones and stores the run's results whole. */
  private void complete(
      RunTry attempt,
      RunLog log,
      DatabaseRetry database,
      RunPreparation.Prepared prepared,
      RunControl.Measured measured,
      Double calibrationBefore,
      Double calibrationAfter) {
    Run run = attempt.run();
    log.accept("== ingesting");
    try {
      runs.updateProgress(attempt, "ingesting");
    } catch (DataAccessException e) {
      // Only the page's progress line; the ingestion below waits for the database.
    }
    String disturbed =
        database.call(
            "ingesting",
            () -> machine.disturbed(run, prepared.profile(), calibrationBefore, calibrationAfter));
    if (disturbed != null) {
      log.accept("machine disturbed: " + disturbed);
    }
    String failure = failure(prepared.steps().failures());
    Map<String, Object> facts = environment.facts(run, prepared.profile());
    facts.put("control", measured.release());
    RunContext context = context(run, prepared, facts);
    List<String> notes = new ArrayList<>(prepared.notes());
    notes.addAll(measured.notes());
    // The control's figures are series of their own (benchmark "control"), ingested with the run's.
    List<StepResult> results = new ArrayList<>(prepared.steps().results());
    results.addAll(measured.results());
    RunFindings findings =
        new RunFindings(notes, calibrationBefore, calibrationAfter, disturbed, failure);
    // One transaction per try: a run's points and its end are stored whole or not at all.
    int points =
        database.call(
            "ingesting",
            () -> {
              // What the run logged while the database was away (its retries above all) is stored
              // before the run ends, so its log reads in order with its end.
              log.flush();
              return completion.complete(attempt, context, results, findings);
            });
    log.accept("stored " + points + " points");
    if (failure != null) {
      log.accept("FAILED: " + failure);
    }
  }

  /** One line naming the benchmarks that failed; null when none did. */
  private static String failure(List<String> failures) {
    return failures.isEmpty()
        ? null
        : failures.size()
            + (failures.size() == 1 ? " benchmark" : " benchmarks")
            + " failed, the others' results are kept: "
            + String.join("; ", failures);
  }

  private static RunContext context(
      Run run, RunPreparation.Prepared prepared, Map<String, Object> more) {
    RunResolution.Resolved resolved = prepared.resolved();
    Instant x =
        resolved.lucene().revisionDate() != null
            ? resolved.lucene().revisionDate()
            : run.startedAt();
    return new RunContext(
        run.id(),
        x,
        run.machine(),
        resolved.jdk().family(),
        resolved.corpus().name(),
        run.profile(),
        facts(run, resolved.jdk(), resolved.corpus(), prepared.profile(), more));
  }

  private static Map<String, Object> facts(
      Run run, Jdk jdk, Corpus corpus, BenchmarkProfile profile, Map<String, Object> more) {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("luceneSpec", run.luceneSpec());
    facts.put("jdkHome", jdk.home().toString());
    facts.put("jvmArgs", profile.jvmArgs());
    facts.put(
        "corpus",
        Map.of("name", corpus.name(), "sha256", corpus.sha256(), "bytes", corpus.sizeBytes()));
    facts.put("profile", profile);
    facts.putAll(more);
    return facts;
  }
}
