package org.nightbench.worker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.harness.HarnessJvms;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.HarnessTarget;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.plan.ControlBenchmark;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.nightbench.runs.RunnerProperties;
import org.springframework.stereotype.Component;

/**
 * The control of a nightly run: which pinned release it measures ({@code nightbench.control.*}),
 * resolved and forked with the run's JDK and profile through {@link ControlBenchmark}. Only runs
 * queued as {@code nightly} measure one; whatever goes wrong with it is a note on the run, never
 * its failure.
 */
@Component
class RunControl {

  /** What the control measured: its release, results and the lines the run's notes get. */
  record Measured(String release, List<StepResult> results, List<String> notes) {

    static final Measured NONE = new Measured(null, List.of(), List.of());
  }

  private final ControlProperties settings;
  private final LuceneResolver lucene;
  private final RunHistoryRepository history;
  private final HarnessJvms jvms;
  private final RunRepository runs;
  private final RunnerProperties runner;
  private final RunWorkDirectories workDirectories;

  RunControl(
      ControlProperties settings,
      LuceneResolver lucene,
      RunHistoryRepository history,
      HarnessJvms jvms,
      RunRepository runs,
      RunnerProperties runner,
      RunWorkDirectories workDirectories) {
    this.settings = settings;
    this.lucene = lucene;
    this.history = history;
    this.jvms = jvms;
    this.runs = runs;
    this.runner = runner;
    this.workDirectories = workDirectories;
  }

  /** The release {@code run}'s control measures; null when it measures none. */
  String release(Run run) {
    if (!settings.enabled() || !"nightly".equals(run.reason())) {
      return null;
    }
    if (!settings.revision().isEmpty()) {
      return settings.revision();
    }
    return history.newestRelease(run.machine()).orElse(null);
  }

  /**
   * Measures the control of {@code attempt}'s run after its own benchmarks, in the run's work
   * directory with the run's task file; {@link Measured#NONE} when the run has none.
   */
  Measured measure(
      RunTry attempt, RunPreparation.Prepared prepared, RunLog log, Cancellation cancellation) {
    Jdk jdk = prepared.resolved().jdk();
    BenchmarkProfile profile = prepared.profile();
    Path corpus = prepared.resolved().corpus().path();
    Path work = workDirectories.of(attempt.run().id());
    String release = release(attempt.run());
    if (release == null) {
      return Measured.NONE;
    }
    List<String> notes = new ArrayList<>();
    ResolvedLucene resolved;
    try {
      resolved =
          GuardedStep.run(
              "resolving the control " + release,
              runner.stepTimeout(profile),
              cancellation,
              () -> lucene.resolve(LuceneSpec.parse("maven:" + release), log));
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      return note(release, "cannot be resolved: " + e.getMessage(), log);
    }
    if (LuceneResolver.minimumJava(resolved.version()) > jdk.feature()) {
      return note(
          release,
          "needs Java "
              + LuceneResolver.minimumJava(resolved.version())
              + ", the run has "
              + jdk.feature(),
          log);
    }
    HarnessSteps steps =
        jvms.steps(
            new RunJournal(attempt, log, runs),
            cancellation,
            new HarnessTarget(jdk.home(), resolved.jars(), profile, runner.stepTimeout(profile)));
    Path tasks = profile.tasksFile() != null ? profile.tasksFile() : work.resolve("tasks.txt");
    new ControlBenchmark(steps, profile, release, settings.categories()).run(corpus, tasks, work);
    for (String failure : steps.failures()) {
      notes.add("control " + release + ": " + failure);
    }
    return new Measured(release, List.copyOf(steps.results()), notes);
  }

  private static Measured note(String release, String why, RunLog log) {
    String line = "control " + release + ": not measured, " + why;
    log.accept(line);
    return new Measured(release, List.of(), List.of(line));
  }
}
