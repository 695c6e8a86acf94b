package org.nightbench.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessJvms;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.HarnessTarget;
import org.nightbench.harness.plan.NightlyBenchmarks;
import org.nightbench.protocol.tasks.TaskFileParser;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.nightbench.runs.RunnerProperties;
import org.springframework.stereotype.Component;

/**
 * The setup of an ordinary run, before its first benchmark: checks the task file, resolves the
 * revision, JDK and corpus, notes what changed on the machine, prepares the work directory and the
 * harness steps the benchmarks will fork.
 */
@Component
class RunPreparation {

  /** What setting a run up gives its benchmarks and its completion. */
  record Prepared(
      BenchmarkProfile profile,
      RunResolution.Resolved resolved,
      List<String> notes,
      HarnessSteps steps,
      NightlyBenchmarks benchmarks) {}

  private final RunnerProperties settings;
  private final RunResolution resolution;
  private final RunMachine machine;
  private final RunWorkDirectories workDirectories;
  private final HarnessJvms jvms;
  private final RunRepository runs;

  RunPreparation(
      RunnerProperties settings,
      RunResolution resolution,
      RunMachine machine,
      RunWorkDirectories workDirectories,
      HarnessJvms jvms,
      RunRepository runs) {
    this.settings = settings;
    this.resolution = resolution;
    this.machine = machine;
    this.workDirectories = workDirectories;
    this.jvms = jvms;
    this.runs = runs;
  }

  Prepared prepare(RunTry attempt, RunLog log, Cancellation cancellation) {
    Run run = attempt.run();
    BenchmarkProfile profile = settings.profile(run.profile());
    if (profile.tasksFile() != null) {
      // A bad task file should fail the run before minutes of indexing, not after.
      checkTasks(profile.tasksFile());
    }
    RunResolution.Resolved resolved =
        resolution.resolve(attempt, settings.stepTimeout(profile), cancellation, log);
    List<String> notes = new ArrayList<>(resolved.notes());
    notes.addAll(machine.changes(attempt, resolved.jdk(), log));
    // Kept when the run fails (the result files above all), removed when it ends otherwise.
    Path work = workDirectories.prepare(run.id());
    HarnessSteps steps =
        jvms.steps(
            new RunJournal(attempt, log, runs),
            cancellation,
            new HarnessTarget(
                resolved.jdk().home(),
                resolved.lucene().jars(),
                profile,
                settings.stepTimeout(profile)));
    NightlyBenchmarks benchmarks =
        new NightlyBenchmarks(steps, profile, resolved.corpus().path(), work, jvms.embedding());
    return new Prepared(profile, resolved, notes, steps, benchmarks);
  }

  private static void checkTasks(Path tasksFile) {
    try {
      if (TaskFileParser.parse(tasksFile).isEmpty()) {
        throw new IllegalArgumentException("tasks " + tasksFile + " has no tasks");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read tasks " + tasksFile + ": " + e.getMessage(), e);
    }
  }
}
