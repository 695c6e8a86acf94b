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
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.CalibrationSettings;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCommands;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NrtVariant;
import org.nightbench.ingest.RunContext;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.machine.CalibrationCheck;
import org.nightbench.machine.MachineState;
import org.nightbench.machine.MachineStateProbe;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.json.JsonMapper;

/**
 * The steps of one run: resolve the Lucene revision, pick the JDK, index the corpus in one fresh
 * JVM, generate (or take) the query tasks, measure search in several fresh JVMs, and ingest the
 * result files. Any failure ends the run with one line saying which step failed and why.
 */
@Component
class RunExecutor {

  private final LuceneResolver lucene;
  private final JdkFinder jdks;
  private final CorpusProvider corpora;
  private final HarnessLauncher launcher;
  private final RunCompletion completion;
  private final RunRepository runs;
  private final RunHistoryRepository history;
  private final RunChangesRecorder changes;
  private final RunnerProperties settings;
  private final JsonMapper json;
  private final MachineStateProbe machine;
  private final ComparisonRuns comparisons;
  private final RunWorkDirectories workDirectories;

  RunExecutor(
      LuceneResolver lucene,
      JdkFinder jdks,
      CorpusProvider corpora,
      HarnessLauncher launcher,
      RunCompletion completion,
      RunRepository runs,
      RunHistoryRepository history,
      RunChangesRecorder changes,
      RunnerProperties settings,
      JsonMapper json,
      MachineStateProbe machine,
      ComparisonRuns comparisons,
      RunWorkDirectories workDirectories) {
    this.workDirectories = workDirectories;
    this.lucene = lucene;
    this.jdks = jdks;
    this.corpora = corpora;
    this.launcher = launcher;
    this.completion = completion;
    this.runs = runs;
    this.history = history;
    this.changes = changes;
    this.settings = settings;
    this.json = json;
    this.machine = machine;
    this.comparisons = comparisons;
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
      ComparisonWorker worker =
          new ComparisonWorker(
              run,
              log,
              cancellation,
              runs,
              workDirectories,
              new ComparisonWorker.HarnessJvms(launcher, json, settings));
      ComparisonRuns.Outcome outcome = comparisons.execute(run, comparison.get(), worker);
      log.accept("== comparing");
      runs.updateProgress(run.id(), "comparing");
      comparisons.finish(run.id(), outcome);
      if (!runs.markSucceeded(
          run.id(), json.writeValueAsString(Map.of("jdk", outcome.jdk(), "comparison", true)))) {
        throw new IllegalStateException("run " + run.id() + " may not succeed now (see the log)");
      }
      log.accept("compared " + outcome.samples().size() + " metrics");
      return;
    }
    BenchmarkProfile profile = settings.profile(run.profile());
    if (profile.tasksFile() != null) {
      // A bad task file should fail the run before minutes of indexing, not after.
      checkTasks(profile.tasksFile());
    }
    log.accept("== resolving " + run.luceneSpec());
    runs.updateProgress(run.id(), "resolving " + run.luceneSpec());
    // Resolving may download or build for a long time: cancel and the step timeout stop it too.
    ResolvedLucene resolved =
        GuardedStep.run(
            "resolving " + run.luceneSpec(),
            settings.stepTimeout(profile),
            cancellation,
            () -> lucene.resolve(LuceneSpec.parse(run.luceneSpec()), log));
    log.accept("Lucene " + resolved.version() + ": " + resolved.jars());
    if (resolved.commit() != null) {
      history.recordCommit(run.id(), resolved.commit());
      changes.record(run, resolved.commit(), log);
    }
    Jdk jdk =
        jdks.select(LuceneResolver.minimumJava(resolved.version()), "Lucene " + resolved.version());
    log.accept("JDK " + jdk.identity() + " at " + jdk.home());
    Corpus corpus = corpora.resolve(run.corpus());
    log.accept("corpus " + corpus.name() + " " + corpus.path() + " sha256=" + corpus.sha256());
    runs.recordRevision(run.id(), resolved.version(), resolved.revisionDate(), jdk.identity());
    List<String> notes = new ArrayList<>(machineChanges(run, jdk, log));

    // Kept when the run fails (the result files above all), removed when it ends otherwise.
    Path work = workDirectories.prepare(run.id());
    RunSteps steps =
        new RunSteps(
            run,
            log,
            cancellation,
            launcher,
            runs,
            json,
            jdk,
            resolved,
            profile,
            settings.stepTimeout());
    HarnessCommands commands = new HarnessCommands(profile);
    Double calibrationBefore = calibrate(steps, commands, work, "before");

    Path index = work.resolve("index");
    for (IndexingVariant variant : profile.indexing()) {
      String step = variant.name().equals("default") ? "indexing" : "indexing " + variant.name();
      if (variant == profile.searchIndex()) {
        steps.required(
            step,
            commands.index(variant, corpus.path(), index, work.resolve("index.json")),
            work.resolve("index.json"));
      } else {
        Path variantIndex = work.resolve("index-" + variant.name());
        Path out = work.resolve("index-" + variant.name() + ".json");
        steps.optional(step, commands.index(variant, corpus.path(), variantIndex, out), out);
        // Only the first variant's index is read later; the others would fill the disk.
        FileSystemUtils.deleteRecursively(variantIndex.toFile());
      }
    }

    Path tasks = profile.tasksFile();
    if (tasks == null) {
      tasks = work.resolve("tasks.txt");
      if (!steps.optionalFile(
          "generating tasks", commands.generateTasks(corpus.path(), index, tasks), tasks)) {
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
    for (NrtVariant variant : tasks == null ? List.<NrtVariant>of() : profile.nrt()) {
      Path out = work.resolve("nrt-" + variant.name() + ".json");
      Path nrtWork = work.resolve("nrt-" + variant.name());
      steps.optional(
          "NRT " + variant.name(),
          commands.nrt(variant, index, nrtWork, corpus.path(), tasks, out),
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
    Double calibrationAfter = calibrate(steps, commands, work, "after");

    log.accept("== ingesting");
    try {
      runs.updateProgress(run.id(), "ingesting");
    } catch (DataAccessException e) {
      // Only the page's progress line; the ingestion below waits for the database.
    }
    String disturbed =
        database.call(
            "ingesting", () -> disturbed(run, profile, calibrationBefore, calibrationAfter));
    if (disturbed != null) {
      log.accept("machine disturbed: " + disturbed);
    }
    List<String> failures = steps.failures();
    String failure =
        failures.isEmpty()
            ? null
            : failures.size()
                + (failures.size() == 1 ? " benchmark" : " benchmarks")
                + " failed, the others' results are kept: "
                + String.join("; ", failures);
    Instant x = resolved.revisionDate() != null ? resolved.revisionDate() : run.startedAt();
    RunContext context =
        new RunContext(
            run.id(),
            x,
            run.machine(),
            jdk.family(),
            corpus.name(),
            run.profile(),
            facts(run, jdk, corpus, profile));
    RunFindings findings =
        new RunFindings(notes, calibrationBefore, calibrationAfter, disturbed, failure);
    // One transaction per try: a run's points and its end are stored whole or not at all.
    int points =
        database.call("ingesting", () -> completion.complete(context, steps.results(), findings));
    log.accept("stored " + points + " points");
    if (failure != null) {
      log.accept("FAILED: " + failure);
    }
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
  private static Double calibrate(
      RunSteps steps, HarnessCommands commands, Path work, String when) {
    if (commands.profile().calibration() == null) {
      return null;
    }
    Path out = work.resolve("calibration-" + when + ".json");
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

  private String disturbed(Run run, BenchmarkProfile profile, Double before, Double after) {
    if (before == null) {
      return null;
    }
    CalibrationSettings calibration = profile.calibration();
    return CalibrationCheck.disturbed(
            before,
            after,
            history.recentCalibration(run.machine(), run.id(), calibration.window()),
            calibration.disturbedPercent())
        .orElse(null);
  }

  /** Records the box's state and says what changed since the previous run of the same series. */
  private List<String> machineChanges(Run run, Jdk jdk, RunLog log) {
    MachineState state = machine.capture(jdk.identity());
    history.recordMachineState(run.id(), json.writeValueAsString(state));
    MachineState previous =
        history
            .previousMachineState(run)
            .map(text -> json.readValue(text, MachineState.class))
            .orElse(null);
    List<String> notes =
        state.warnings(previous).stream().map(warning -> "environment: " + warning).toList();
    notes.forEach(log);
    return notes;
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
