package org.nightbench.runs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.corpus.Corpus;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCommands;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NrtVariant;
import org.nightbench.ingest.RunContext;
import org.nightbench.jdk.Jdk;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * The steps of one run: resolve the Lucene revision, pick the JDK, index the corpus in one fresh
 * JVM, generate (or take) the query tasks, measure search in several fresh JVMs, and ingest the
 * result files. Any failure ends the run with one line saying which step failed and why.
 */
@Component
class RunExecutor {

  private final RunResolution resolution;
  private final RunMachine machine;
  private final HarnessJvms jvms;
  private final RunCompletion completion;
  private final RunRepository runs;
  private final ComparisonRuns comparisons;
  private final RunWorkDirectories workDirectories;

  RunExecutor(
      RunResolution resolution,
      RunMachine machine,
      HarnessJvms jvms,
      RunCompletion completion,
      RunRepository runs,
      ComparisonRuns comparisons,
      RunWorkDirectories workDirectories) {
    this.resolution = resolution;
    this.machine = machine;
    this.jvms = jvms;
    this.completion = completion;
    this.runs = runs;
    this.comparisons = comparisons;
    this.workDirectories = workDirectories;
  }

  /**
   * Runs every step; throws with a one-line message when the run cannot go on (resolving, the first
   * indexing, ingesting), and {@link org.nightbench.harness.HarnessCancelledException} when {@code
   * cancellation} stopped a JVM. A later benchmark that fails is named in the run's error while the
   * others' results are kept. Ingestion goes through {@code database}, so a database that is away
   * for a while costs a wait, not the run; the result files stay until it is back.
   */
  void execute(Run run, RunLog log, Cancellation cancellation, DatabaseRetry database) {
    Optional<ComparisonRuns.Plan> comparison = comparisons.plan(run.id());
    if (comparison.isPresent()) {
      // Its numbers judge two revisions against each other; they are no night of any series.
      compare(run, comparison.get(), log, cancellation);
      return;
    }
    Setup setup = setup(run, log, cancellation);
    Double calibrationBefore = calibrate(setup, "before");
    benchmarks(setup);
    Double calibrationAfter = calibrate(setup, "after");
    complete(run, log, database, setup, calibrationBefore, calibrationAfter);
  }

  /** What setting a run up gives its benchmarks and its completion. */
  private record Setup(
      BenchmarkProfile profile,
      RunResolution.Resolved resolved,
      List<String> notes,
      Path work,
      RunSteps steps,
      HarnessCommands commands) {}

  /** A comparison run: the comparisons room executes it with what the worker lends it. */
  private void compare(Run run, ComparisonRuns.Plan plan, RunLog log, Cancellation cancellation) {
    ComparisonWorker worker =
        new ComparisonWorker(run, log, cancellation, runs, workDirectories, jvms);
    ComparisonRuns.Outcome outcome = comparisons.execute(run, plan, worker);
    log.accept("== comparing");
    runs.updateProgress(run.id(), "comparing");
    comparisons.finish(run.id(), outcome);
    if (!runs.markSucceeded(
        run.id(),
        jvms.json().writeValueAsString(Map.of("jdk", outcome.jdk(), "comparison", true)))) {
      throw new IllegalStateException("run " + run.id() + " may not succeed now (see the log)");
    }
    log.accept("compared " + outcome.samples().size() + " metrics");
  }

  /** Checks the tasks, resolves revision, JDK and corpus, notes the machine, prepares the work. */
  private Setup setup(Run run, RunLog log, Cancellation cancellation) {
    BenchmarkProfile profile = jvms.settings().profile(run.profile());
    if (profile.tasksFile() != null) {
      // A bad task file should fail the run before minutes of indexing, not after.
      checkTasks(profile.tasksFile());
    }
    RunResolution.Resolved resolved =
        resolution.resolve(run, jvms.settings().stepTimeout(profile), cancellation, log);
    List<String> notes = new ArrayList<>(machine.changes(run, resolved.jdk(), log));
    // Kept when the run fails (the result files above all), removed when it ends otherwise.
    Path work = workDirectories.prepare(run.id());
    RunSteps steps =
        jvms.steps(run, log, cancellation, runs, resolved.jdk(), resolved.lucene(), profile);
    return new Setup(profile, resolved, notes, work, steps, new HarnessCommands(profile));
  }

  /**
   * Indexing, then the benchmarks that read the index: search, PK lookups, facet timings, NRT,
   * load.
   */
  private static void benchmarks(Setup setup) {
    RunSteps steps = setup.steps();
    HarnessCommands commands = setup.commands();
    BenchmarkProfile profile = setup.profile();
    Path corpus = setup.resolved().corpus().path();
    Path work = setup.work();
    Path index = index(setup);
    Path tasks = profile.tasksFile();
    if (tasks == null) {
      tasks = work.resolve("tasks.txt");
      if (!steps.optionalFile(
          "generating tasks", commands.generateTasks(corpus, index, tasks), tasks)) {
        tasks = null;
      }
    }
    if (tasks == null) {
      steps.skipped("search, NRT and load", "they need the task file");
    } else {
      search(steps, commands, profile, index, tasks, work);
    }
    if (profile.pkLookups() != null) {
      Path out = work.resolve("pk.json");
      steps.optional("PK lookups", commands.pkLookups(index, out), out);
    }
    if (profile.facetTimings() != null) {
      Path out = work.resolve("facet-timings.json");
      steps.optional("facet timings", commands.facetTimings(index, out), out);
    }
    for (NrtVariant variant : tasks == null ? List.<NrtVariant>of() : profile.nrt()) {
      Path out = work.resolve("nrt-" + variant.name() + ".json");
      Path nrtWork = work.resolve("nrt-" + variant.name());
      steps.optional(
          "NRT " + variant.name(),
          commands.nrt(variant, index, nrtWork, corpus, tasks, out),
          out,
          result -> SeriesTasks.rename(result, "nrt", variant.name()));
      FileSystemUtils.deleteRecursively(nrtWork.toFile());
    }
    if (profile.load() != null && tasks != null) {
      for (String directory : profile.load().directories()) {
        Path out = work.resolve("load-" + directory + ".json");
        steps.optional(
            "load sweep on " + directory, commands.load(directory, index, tasks, out), out);
      }
    }
  }

  /** Indexes the corpus once per variant; returns the index the later benchmarks read. */
  private static Path index(Setup setup) {
    Path work = setup.work();
    Path corpus = setup.resolved().corpus().path();
    Path index = work.resolve("index");
    for (IndexingVariant variant : setup.profile().indexing()) {
      String step = variant.name().equals("default") ? "indexing" : "indexing " + variant.name();
      if (variant == setup.profile().searchIndex()) {
        setup
            .steps()
            .required(
                step,
                setup.commands().index(variant, corpus, index, work.resolve("index.json")),
                work.resolve("index.json"));
      } else {
        Path variantIndex = work.resolve("index-" + variant.name());
        Path out = work.resolve("index-" + variant.name() + ".json");
        setup
            .steps()
            .optional(step, setup.commands().index(variant, corpus, variantIndex, out), out);
        // Only the first variant's index is read later; the others would fill the disk.
        FileSystemUtils.deleteRecursively(variantIndex.toFile());
      }
    }
    return index;
  }

  /** Checks the calibration against the box's recent ones and stores the run's results whole. */
  private void complete(
      Run run,
      RunLog log,
      DatabaseRetry database,
      Setup setup,
      Double calibrationBefore,
      Double calibrationAfter) {
    log.accept("== ingesting");
    try {
      runs.updateProgress(run.id(), "ingesting");
    } catch (DataAccessException e) {
      // Only the page's progress line; the ingestion below waits for the database.
    }
    String disturbed =
        database.call(
            "ingesting",
            () -> machine.disturbed(run, setup.profile(), calibrationBefore, calibrationAfter));
    if (disturbed != null) {
      log.accept("machine disturbed: " + disturbed);
    }
    String failure = failure(setup.steps().failures());
    RunContext context = context(run, setup);
    RunFindings findings =
        new RunFindings(setup.notes(), calibrationBefore, calibrationAfter, disturbed, failure);
    // One transaction per try: a run's points and its end are stored whole or not at all.
    int points =
        database.call(
            "ingesting", () -> completion.complete(context, setup.steps().results(), findings));
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

  private static RunContext context(Run run, Setup setup) {
    RunResolution.Resolved resolved = setup.resolved();
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
        facts(run, resolved.jdk(), resolved.corpus(), setup.profile()));
  }

  private static void search(
      RunSteps steps,
      HarnessCommands commands,
      BenchmarkProfile profile,
      Path index,
      Path tasks,
      Path work) {
    List<String> names = new ArrayList<>();
    List<List<String>> args = new ArrayList<>();
    List<Path> outs = new ArrayList<>();
    for (int jvm = 1; jvm <= profile.searchJvms(); jvm++) {
      Path out = work.resolve("search-" + jvm + ".json");
      names.add("search JVM " + jvm + "/" + profile.searchJvms());
      args.add(commands.search(index, tasks, jvm, out));
      outs.add(out);
    }
    steps.group(names, args, outs);
  }

  /** Times the calibration workload; null when the profile has none or it failed. */
  private static Double calibrate(Setup setup, String when) {
    RunSteps steps = setup.steps();
    HarnessCommands commands = setup.commands();
    if (commands.profile().calibration() == null) {
      return null;
    }
    Path out = setup.work().resolve("calibration-" + when + ".json");
    if (!steps.optional(
        "calibration " + when,
        commands.calibrate(out),
        out,
        result -> SeriesTasks.rename(result, "calibration", "machine"))) {
      return null;
    }
    return steps.results().get(steps.results().size() - 1).result().metrics().stream()
        .filter(m -> m.name().equals("score"))
        .map(m -> m.value())
        .findFirst()
        .orElse(null);
  }

  private static Map<String, Object> facts(
      Run run, Jdk jdk, Corpus corpus, BenchmarkProfile profile) {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("luceneSpec", run.luceneSpec());
    facts.put("jdkHome", jdk.home().toString());
    facts.put("jvmArgs", profile.jvmArgs());
    facts.put(
        "corpus",
        Map.of("name", corpus.name(), "sha256", corpus.sha256(), "bytes", corpus.sizeBytes()));
    facts.put("profile", profile);
    return facts;
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
