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
import org.nightbench.harness.HarnessLauncher;
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
    ResolvedLucene baseline = resolve(run, "baseline", plan.baseline(), log);
    ResolvedLucene candidate = resolve(run, "candidate", plan.candidate(), log);
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
      Files.createDirectories(work);
      Side a =
          side("baseline", plan.baseline(), baseline, run, log, cancellation, jdk, profile, work);
      Side b =
          side(
              "candidate", plan.candidate(), candidate, run, log, cancellation, jdk, profile, work);
      HarnessCommands commands = new HarnessCommands(profile);
      for (Side side : List.of(a, b)) {
        side.steps.required(
            "indexing " + side.name,
            commands.index(profile.searchIndex(), corpus.path(), side.index, side.indexResult),
            side.indexResult);
      }
      Path tasks = profile.tasksFile();
      if (tasks == null) {
        tasks = work.resolve("tasks.txt");
        if (!a.steps.optionalFile(
            "generating tasks", commands.generateTasks(corpus.path(), a.index, tasks), tasks)) {
          throw new IllegalStateException("generating the tasks failed; see the log");
        }
      }
      for (int jvm = 1; jvm <= plan.jvms(); jvm++) {
        // A B, then B A: neither side always runs on the box as the other left it.
        List<Side> order = jvm % 2 == 1 ? List.of(a, b) : List.of(b, a);
        for (Side side : order) {
          Path out = work.resolve("search-" + side.name + "-" + jvm + ".json");
          side.searches.add(
              side.steps.required(
                  "search " + side.name + " JVM " + jvm + "/" + plan.jvms(),
                  commands.search(side.index, tasks, jvm, out, side.directory),
                  out));
        }
      }
      return new ComparisonRuns.Outcome(
          baseline.version(),
          candidate.version(),
          jdk.identity(),
          samples(a.searches, b.searches),
          mismatches(a.searches.get(0), b.searches.get(0)));
    } catch (IOException e) {
      throw new UncheckedIOException("work directory " + work + ": " + e.getMessage(), e);
    } finally {
      FileSystemUtils.deleteRecursively(work.toFile());
    }
  }

  private ResolvedLucene resolve(Run run, String name, ComparisonRuns.Side side, RunLog log) {
    log.accept("== resolving the " + name + ", " + side.luceneSpec());
    runs.updateProgress(run.id(), "resolving the " + name);
    ResolvedLucene resolved = lucene.resolve(LuceneSpec.parse(side.luceneSpec()), log);
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
    BenchmarkProfile sideProfile =
        new BenchmarkProfile(
            profile.maxDocs(),
            profile.ramBufferMb(),
            profile.searchJvms(),
            profile.repetitions(),
            profile.warmup(),
            profile.queriesPerCategory(),
            profile.taskSeed(),
            profile.tasksFile(),
            jvmArgs,
            profile.indexing(),
            profile.pkLookups(),
            profile.nrt(),
            profile.load(),
            profile.calibration(),
            profile.stepTimeout(),
            profile.maxWarmupSeconds());
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
    return new Side(
        name,
        steps,
        work.resolve("index-" + name),
        work.resolve("index-" + name + ".json"),
        side.directory());
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

  private static final class Side {
    final String name;
    final RunSteps steps;
    final Path index;
    final Path indexResult;
    final String directory;
    final List<HarnessResult> searches = new ArrayList<>();

    Side(String name, RunSteps steps, Path index, Path indexResult, String directory) {
      this.name = name;
      this.steps = steps;
      this.index = index;
      this.indexResult = indexResult;
      this.directory = directory;
    }
  }
}
