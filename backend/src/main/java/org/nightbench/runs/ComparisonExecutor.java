package org.nightbench.runs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.corpus.Corpus;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCommands;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NrtVariant;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs an A/B comparison: both sides resolved, each indexes the corpus with its own Lucene, then
 * their search JVMs alternate (A B, B A, A B …) on the same machine, JDK, corpus and tasks, so a
 * machine that drifts during the comparison drifts for both alike.
 */
@Component
class ComparisonExecutor {

  private final LuceneResolver lucene;
  private final JdkFinder jdks;
  private final CorpusProvider corpora;
  private final HarnessLauncher launcher;
  private final RunRepository runs;
  private final RunnerProperties settings;
  private final JsonMapper json;

  ComparisonExecutor(
      LuceneResolver lucene,
      JdkFinder jdks,
      CorpusProvider corpora,
      HarnessLauncher launcher,
      RunRepository runs,
      RunnerProperties settings,
      JsonMapper json) {
    this.lucene = lucene;
    this.jdks = jdks;
    this.corpora = corpora;
    this.launcher = launcher;
    this.runs = runs;
    this.settings = settings;
    this.json = json;
  }

  ComparisonRuns.Outcome execute(
      Run run, ComparisonRuns.Plan plan, RunLog log, Cancellation cancellation) {
    BenchmarkProfile profile = settings.profile(run.profile());
    ResolvedLucene baseline = resolve(run, "baseline", plan.baseline(), log, cancellation, profile);
    ResolvedLucene candidate =
        resolve(run, "candidate", plan.candidate(), log, cancellation, profile);
    // One JDK for both: a JDK difference must never pass for a Lucene one.
    Jdk jdk =
        jdks.select(
            Math.max(
                LuceneResolver.minimumJava(baseline.version()),
                LuceneResolver.minimumJava(candidate.version())),
            "Lucene " + baseline.version() + " and " + candidate.version());
    log.accept("JDK " + jdk.identity() + " at " + jdk.home());
    Corpus corpus = corpora.resolve(run.corpus());
    log.accept("corpus " + corpus.name() + " " + corpus.path() + " sha256=" + corpus.sha256());
    runs.recordRevision(run.id(), candidate.version(), candidate.revisionDate(), jdk.identity());

    Path work = settings.workDirectory().resolve("run-" + run.id());
    try {
      // A run handed back to the queue starts afresh; the worker removes the directory once the
      // comparison succeeded or was cancelled, and keeps a failed one's for a while.
      FileSystemUtils.deleteRecursively(work);
      Files.createDirectories(work);
      Side a =
          side("baseline", plan.baseline(), baseline, run, log, cancellation, jdk, profile, work);
      Side b =
          side(
              "candidate", plan.candidate(), candidate, run, log, cancellation, jdk, profile, work);
      HarnessCommands commands = new HarnessCommands(profile);
      boolean sharedIndex = sharesIndex(baseline, candidate, plan);
      StepCounter counter = new StepCounter(plan, profile, sharedIndex);
      Interleaving interleaving = new Interleaving(plan.jvms(), a, b, work, counter);
      IndexingVariant variant = profile.searchIndex();
      if (plan.runs(ComparisonRuns.INDEXING)) {
        // Measured as the profile indexes, every JVM into an index of its own, thrown away.
        interleaving.run(
            "indexing " + variant.name(),
            (side, jvm, out) ->
                side.index(
                    commands,
                    variant,
                    corpus.path(),
                    work.resolve("indexing-" + side.name + "-" + jvm),
                    out),
            (side, jvm) ->
                FileSystemUtils.deleteRecursively(
                    work.resolve("indexing-" + side.name + "-" + jvm).toFile()));
      }
      // What the queries read is built repeatably: with a multi-threaded build, the two sides'
      // segments would differ, and an A/A comparison would find differences that are real but
      // are the index's, not the revision's. Sides that would write the same bytes share one
      // copy, as luceneutil's competitors share an index: then nothing but the side's own
      // settings can differ, not even where the files sit in the page cache.
      for (Side side : sharedIndex ? List.of(a) : List.of(a, b)) {
        Path out = work.resolve("index-" + side.name + ".json");
        side.steps.required(
            counter.name("indexing " + side.name + " for the queries"),
            side.index(commands, variant.repeatable(), corpus.path(), side.index, out),
            out);
      }
      if (sharedIndex) {
        log.accept("both sides write the same index: the candidate reads the baseline's");
        b.index = a.index;
      }
      Path tasks = tasks(plan, profile, commands, a, corpus.path(), work, counter);
      if (plan.runs(ComparisonRuns.SEARCH)) {
        interleaving.run(
            "search",
            (side, jvm, out) -> commands.search(side.index, tasks, jvm, out, side.directory),
            (side, jvm) -> {});
      }
      if (plan.runs(ComparisonRuns.PK_LOOKUP)) {
        interleaving.run(
            "pk-lookup",
            (side, jvm, out) -> commands.pkLookups(side.index, out),
            (side, jvm) -> {});
      }
      if (plan.runs(ComparisonRuns.NRT)) {
        for (NrtVariant nrt : profile.nrt()) {
          interleaving.run(
              "nrt " + nrt.name(),
              (side, jvm, out) ->
                  commands.nrt(
                      nrt, side.index, work.resolve("nrt-" + side.name), corpus.path(), tasks, out),
              (side, jvm) ->
                  FileSystemUtils.deleteRecursively(work.resolve("nrt-" + side.name).toFile()));
        }
      }
      if (plan.runs(ComparisonRuns.LOAD)) {
        String directory = profile.load().directories().get(0);
        interleaving.run(
            "load " + directory,
            (side, jvm, out) -> commands.load(directory, side.index, tasks, out),
            (side, jvm) -> {});
      }
      return new ComparisonRuns.Outcome(
          baseline.version(),
          candidate.version(),
          jdk.identity(),
          samples(a.results, b.results),
          plan.runs(ComparisonRuns.SEARCH)
              ? mismatches(a.firstSearch(), b.firstSearch())
              : List.of());
    } catch (IOException e) {
      throw new UncheckedIOException("work directory " + work + ": " + e.getMessage(), e);
    }
  }

  /** The same Lucene jars writing with the same codec settings: one index serves both sides. */
  static boolean sharesIndex(
      ResolvedLucene baseline, ResolvedLucene candidate, ComparisonRuns.Plan plan) {
    return baseline.jars().equals(candidate.jars())
        && Objects.equals(plan.baseline().storedFields(), plan.candidate().storedFields())
        && Objects.equals(plan.baseline().postingsFormat(), plan.candidate().postingsFormat());
  }

  /** The profile's task file, or one generated from the baseline's index, cut to the categories. */
  private static Path tasks(
      ComparisonRuns.Plan plan,
      BenchmarkProfile profile,
      HarnessCommands commands,
      Side a,
      Path corpus,
      Path work,
      StepCounter counter)
      throws IOException {
    Path tasks = profile.tasksFile();
    if (tasks == null) {
      tasks = work.resolve("tasks.txt");
      if (!a.steps.optionalFile(
          counter.name("generating tasks"),
          commands.generateTasks(corpus, a.index, tasks),
          tasks)) {
        throw new IllegalStateException("generating the tasks failed; see the log");
      }
    }
    if (plan.categories().isEmpty()) {
      return tasks;
    }
    Path selected = work.resolve("tasks-selected.txt");
    Files.write(selected, TaskCategories.select(Files.readAllLines(tasks), plan.categories()));
    return selected;
  }

  private ResolvedLucene resolve(
      Run run,
      String name,
      ComparisonRuns.Side side,
      RunLog log,
      Cancellation cancellation,
      BenchmarkProfile profile) {
    log.accept("== resolving the " + name + ", " + side.luceneSpec());
    runs.updateProgress(run.id(), "resolving the " + name);
    ResolvedLucene resolved =
        GuardedStep.run(
            "resolving the " + name,
            settings.stepTimeout(profile),
            cancellation,
            () -> lucene.resolve(LuceneSpec.parse(side.luceneSpec()), log));
    log.accept(name + ": Lucene " + resolved.version() + ": " + resolved.jars());
    return resolved;
  }

  private Side side(
      String name,
      ComparisonRuns.Side side,
      ResolvedLucene resolved,
      Run run,
      RunLog log,
      Cancellation cancellation,
      Jdk jdk,
      BenchmarkProfile profile,
      Path work) {
    List<String> jvmArgs = new ArrayList<>(profile.jvmArgs());
    // Later flags win in a JVM's command line: a side's own -Xmx overrides the profile's.
    jvmArgs.addAll(side.jvmArgs());
    BenchmarkProfile sideProfile = profile.withJvmArgs(jvmArgs);
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
            sideProfile,
            settings.stepTimeout());
    return new Side(name, steps, work.resolve("index-" + name), side);
  }

  /** Every (benchmark, task, metric) both sides measured, one value per JVM. */
  static List<ComparisonRuns.Samples> samples(
      List<HarnessResult> baseline, List<HarnessResult> candidate) {
    Map<String, List<Metric>> a = byKey(baseline);
    Map<String, List<Metric>> b = byKey(candidate);
    List<ComparisonRuns.Samples> samples = new ArrayList<>();
    for (Map.Entry<String, List<Metric>> entry : a.entrySet()) {
      List<Metric> other = b.get(entry.getKey());
      if (other == null) {
        continue;
      }
      Metric first = entry.getValue().get(0);
      samples.add(
          new ComparisonRuns.Samples(
              first.benchmark(),
              first.task(),
              first.name(),
              first.unit(),
              first.higherIsBetter(),
              entry.getValue().stream().mapToDouble(Metric::value).toArray(),
              other.stream().mapToDouble(Metric::value).toArray()));
    }
    return samples;
  }

  private static Map<String, List<Metric>> byKey(List<HarnessResult> results) {
    Map<String, List<Metric>> byKey = new LinkedHashMap<>();
    for (HarnessResult result : results) {
      for (Metric metric : result.metrics()) {
        byKey
            .computeIfAbsent(
                metric.benchmark() + "\u0000" + metric.task() + "\u0000" + metric.name(),
                key -> new ArrayList<>())
            .add(metric);
      }
    }
    return byKey;
  }

  /**
   * Queries whose hit count or top documents differ between the sides' first JVMs: the same tasks
   * over the same corpus, so a difference is a change of behaviour, not of speed.
   */
  static List<String> mismatches(HarnessResult baseline, HarnessResult candidate) {
    Map<String, Map<?, ?>> before = queries(baseline);
    List<String> mismatches = new ArrayList<>();
    for (Map.Entry<String, Map<?, ?>> entry : queries(candidate).entrySet()) {
      Map<?, ?> was = before.get(entry.getKey());
      Map<?, ?> now = entry.getValue();
      if (was == null) {
        continue;
      }
      boolean hits =
          !Objects.equals(String.valueOf(was.get("hits")), String.valueOf(now.get("hits")));
      boolean top =
          !Objects.equals(String.valueOf(was.get("topHash")), String.valueOf(now.get("topHash")));
      if (hits || top) {
        mismatches.add(
            entry.getKey()
                + ": "
                + (hits ? "hits " + was.get("hits") + " → " + now.get("hits") : "")
                + (hits && top ? ", " : "")
                + (top ? "top documents differ" : ""));
      }
    }
    return mismatches;
  }

  private static Map<String, Map<?, ?>> queries(HarnessResult result) {
    Map<String, Map<?, ?>> queries = new LinkedHashMap<>();
    for (Metric metric : result.metrics()) {
      if (metric.detail() != null && metric.detail().get("perQuery") instanceof List<?> perQuery) {
        for (Object item : perQuery) {
          if (item instanceof Map<?, ?> query && query.get("query") != null) {
            queries.putIfAbsent(metric.task() + " " + query.get("query"), query);
          }
        }
      }
    }
    return queries;
  }

  /** One side's harness steps, its index and what its JVMs measured. */
  private static final class Side {
    final String name;
    final RunSteps steps;
    Path index;
    final String directory;
    final ComparisonRuns.Side settings;
    final List<HarnessResult> results = new ArrayList<>();
    HarnessResult firstSearch;

    Side(String name, RunSteps steps, Path index, ComparisonRuns.Side settings) {
      this.name = name;
      this.steps = steps;
      this.index = index;
      this.directory = settings.directory();
      this.settings = settings;
    }

    List<String> index(
        HarnessCommands commands, IndexingVariant variant, Path corpus, Path indexDir, Path out) {
      return commands.index(
          variant, corpus, indexDir, out, settings.storedFields(), settings.postingsFormat());
    }

    HarnessResult firstSearch() {
      return firstSearch;
    }
  }

  /** The harness command of one side's JVM number {@code jvm}, writing {@code out}. */
  @FunctionalInterface
  private interface SideCommand {
    List<String> args(Side side, int jvm, Path out);
  }

  /** What to clean up after one side's JVM, such as an index built only to be measured. */
  @FunctionalInterface
  private interface AfterJvm {
    void accept(Side side, int jvm);
  }

  /**
   * Runs one benchmark in {@code jvms} fresh JVMs per side: A B, then B A, so neither side always
   * runs on the box as the other left it. Every JVM must succeed: a comparison with a JVM missing
   * on one side would weigh the sides unevenly.
   */
  private record Interleaving(int jvms, Side a, Side b, Path work, StepCounter counter) {

    void run(String benchmark, SideCommand command, AfterJvm after) {
      for (int jvm = 1; jvm <= jvms; jvm++) {
        for (Side side : jvm % 2 == 1 ? List.of(a, b) : List.of(b, a)) {
          Path out =
              work.resolve(benchmark.replace(' ', '-') + "-" + side.name + "-" + jvm + ".json");
          HarnessResult result =
              side.steps.required(
                  counter.name(benchmark + " " + side.name + " JVM " + jvm + "/" + jvms),
                  command.args(side, jvm, out),
                  out);
          side.results.add(result);
          if (benchmark.equals("search") && side.firstSearch == null) {
            side.firstSearch = result;
          }
          after.accept(side, jvm);
        }
      }
    }
  }

  /**
   * Numbers the steps, "(step 7 of 46)", so the comparison's page can tell how far it is: a
   * comparison of many JVMs runs for a long time.
   */
  static final class StepCounter {
    private final int total;
    private int done;

    StepCounter(ComparisonRuns.Plan plan, BenchmarkProfile profile, boolean sharedIndex) {
      int perBenchmark = 2 * plan.jvms();
      int steps = (sharedIndex ? 1 : 2) + (plan.runs(ComparisonRuns.INDEXING) ? perBenchmark : 0);
      steps += profile.tasksFile() == null ? 1 : 0;
      steps += plan.runs(ComparisonRuns.SEARCH) ? perBenchmark : 0;
      steps += plan.runs(ComparisonRuns.PK_LOOKUP) ? perBenchmark : 0;
      steps += plan.runs(ComparisonRuns.NRT) ? perBenchmark * profile.nrt().size() : 0;
      steps += plan.runs(ComparisonRuns.LOAD) ? perBenchmark : 0;
      this.total = steps;
    }

    String name(String step) {
      done++;
      return step + " (step " + done + " of " + total + ")";
    }
  }
}
