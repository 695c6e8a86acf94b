package org.nightbench.comparisons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.HarnessCommands;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NrtVariant;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.worker.ComparisonRuns;
import org.springframework.util.FileSystemUtils;

/**
 * The benchmarks of one comparison run, one method per step in the order they run: the indexing
 * benchmark, the indexes the queries read, the tasks, then search, PK lookups, NRT, load, the
 * nightly's other measurements, facet timings and vector search, each interleaving the sides' JVMs.
 */
final class ComparisonMeasurement {

  private final ComparisonRuns.Plan plan;
  private final ComparisonSetup setup;
  private final BenchmarkProfile profile;
  private final Consumer<String> log;
  private final Path corpus;
  private final Path work;
  private final ComparisonSide a;
  private final ComparisonSide b;
  private final HarnessCommands commands;
  private final boolean sharedIndex;
  private final ComparisonStepCounter counter;
  private final Interleaving interleaving;
  private final QueryIndexCache indexes;
  private Path tasks;

  ComparisonMeasurement(
      ComparisonRuns.Plan plan,
      ComparisonSetup setup,
      ComparisonRuns.Worker worker,
      Path work,
      QueryIndexCache indexes) {
    this.plan = plan;
    this.indexes = indexes;
    this.setup = setup;
    this.profile = setup.profile();
    this.log = worker.log();
    this.corpus = setup.corpus().path();
    this.work = work;
    this.a = side("baseline", plan.baseline(), setup.baseline(), worker);
    this.b = side("candidate", plan.candidate(), setup.candidate(), worker);
    this.commands = new HarnessCommands(profile);
    this.sharedIndex = sharesIndex(setup.baseline(), setup.candidate(), plan);
    this.counter = new ComparisonStepCounter(plan, profile, sharedIndex);
    this.interleaving = new Interleaving(plan.jvms(), a, b, work, counter);
  }

  /** The same Lucene jars writing with the same codec settings: one index serves both sides. */
  static boolean sharesIndex(
      ResolvedLucene baseline, ResolvedLucene candidate, ComparisonRuns.Plan plan) {
    return baseline.jars().equals(candidate.jars())
        && Objects.equals(plan.baseline().storedFields(), plan.candidate().storedFields())
        && Objects.equals(plan.baseline().postingsFormat(), plan.candidate().postingsFormat());
  }

  private ComparisonSide side(
      String name,
      ComparisonRuns.Side side,
      ResolvedLucene resolved,
      ComparisonRuns.Worker worker) {
    List<String> jvmArgs = new ArrayList<>(profile.jvmArgs());
    // Later flags win in a JVM's command line: a side's own -Xmx overrides the profile's.
    jvmArgs.addAll(side.jvmArgs());
    return new ComparisonSide(
        name,
        worker.steps(setup.jdk(), resolved, profile.withJvmArgs(jvmArgs).withJfr(plan.jfr())),
        work.resolve("index-" + name),
        side);
  }

  /** Measured as the profile indexes, every JVM into an index of its own, thrown away. */
  void indexing() {
    if (!plan.runs(ComparisonRuns.INDEXING)) {
      return;
    }
    IndexingVariant variant = profile.searchIndex();
    interleaving.run(
        "indexing " + variant.name(),
        (side, jvm, out) ->
            side.index(commands, variant, corpus, work.resolve(indexing(side, jvm)), out),
        (side, jvm) ->
            FileSystemUtils.deleteRecursively(work.resolve(indexing(side, jvm)).toFile()));
  }

  private static String indexing(ComparisonSide side, int jvm) {
    return "indexing-" + side.name + "-" + jvm;
  }

  /**
   * What the queries read is built repeatably: with a multi-threaded build, the two sides' segments
   * would differ, and an A/A comparison would find differences that are real but are the index's,
   * not the revision's. Sides that would write the same bytes share one copy, as luceneutil's
   * competitors share an index: then nothing but the side's own settings can differ, not even where
   * the files sit in the page cache.
   */
  void queryIndexes() {
    IndexingVariant repeatable = profile.searchIndex().repeatable();
    for (ComparisonSide side : sharedIndex ? List.of(a) : List.of(a, b)) {
      Path out = work.resolve("index-" + side.name + ".json");
      List<String> command = side.index(commands, repeatable, corpus, side.index, out);
      String step = counter.name("indexing " + side.name + " for the queries");
      ResolvedLucene lucene = side == a ? setup.baseline() : setup.candidate();
      // Only a commit's build is kept: a bisect compares the same commits again and again, while
      // releases index afresh, as the comparisons' honesty was measured.
      String key =
          lucene.commit() == null
              ? null
              : QueryIndexCache.key(
                  command,
                  side.index,
                  out,
                  lucene.jars(),
                  setup.corpus().sha256(),
                  setup.jdk().identity());
      if (key != null && indexes.restore(key, side.index, out)) {
        log.accept(step + ": reusing the index an earlier comparison built (" + key + ")");
        continue;
      }
      side.steps.required(step, command, out);
      if (key != null) {
        indexes.store(key, side.index, out);
      }
    }
    if (sharedIndex) {
      log.accept("both sides write the same index: the candidate reads the baseline's");
      b.index = a.index;
    }
  }

  /** The profile's task file, or one generated from the baseline's index, cut to the categories. */
  void tasks() {
    try {
      Path file = profile.tasksFile();
      if (file == null) {
        file = work.resolve("tasks.txt");
        if (!a.steps.optionalFile(
            counter.name("generating tasks"),
            commands.generateTasks(corpus, a.index, file),
            file)) {
          throw new IllegalStateException("generating the tasks failed; see the log");
        }
      }
      if (plan.categories().isEmpty()) {
        tasks = file;
        return;
      }
      Path selected = work.resolve("tasks-selected.txt");
      Files.write(selected, TaskCategories.select(Files.readAllLines(file), plan.categories()));
      tasks = selected;
    } catch (IOException e) {
      throw new UncheckedIOException("work directory " + work + ": " + e.getMessage(), e);
    }
  }

  void search() {
    if (plan.runs(ComparisonRuns.SEARCH)) {
      interleaving.run(
          "search",
          (side, jvm, out) -> commands.search(side.index, tasks, jvm, out, side.directory),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  void pkLookups() {
    if (plan.runs(ComparisonRuns.PK_LOOKUP)) {
      interleaving.run(
          "pk-lookup",
          (side, jvm, out) -> commands.pkLookups(side.index, out),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  void nrt() {
    if (!plan.runs(ComparisonRuns.NRT)) {
      return;
    }
    for (NrtVariant nrt : profile.nrt()) {
      interleaving.run(
          "nrt " + nrt.name(),
          (side, jvm, out) ->
              commands.nrt(nrt, side.index, work.resolve("nrt-" + side.name), corpus, tasks, out),
          (side, jvm) ->
              FileSystemUtils.deleteRecursively(work.resolve("nrt-" + side.name).toFile()));
    }
  }

  void load() {
    if (plan.runs(ComparisonRuns.LOAD)) {
      String directory = profile.load().directories().get(0);
      interleaving.run(
          "load " + directory,
          (side, jvm, out) -> commands.load(directory, side.index, tasks, out),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  /**
   * The nightly's measurements beside the queries that the plan asks for: PK lookups with the id
   * postings in RAM, CheckIndex, cold page cache search and stored fields per mode.
   */
  void nightlyMeasurements() {
    if (plan.runs(ComparisonRuns.PK_POSTINGS)) {
      interleaving.run(
          "pk-postings",
          (side, jvm, out) ->
              commands.pkPostings(side.index, work.resolve("pk-postings-" + side.name), out),
          (side, jvm) ->
              FileSystemUtils.deleteRecursively(work.resolve("pk-postings-" + side.name).toFile()));
    }
    if (plan.runs(ComparisonRuns.CHECK_INDEX)) {
      interleaving.run(
          "check-index",
          (side, jvm, out) -> commands.checkIndex(profile.searchIndex().name(), side.index, out),
          Interleaving.AfterJvm.NOTHING);
    }
    if (plan.runs(ComparisonRuns.COLD_SEARCH)) {
      interleaving.run(
          "cold-search",
          (side, jvm, out) -> commands.coldSearch(side.index, tasks, out),
          Interleaving.AfterJvm.NOTHING);
    }
    if (plan.runs(ComparisonRuns.STORED_FIELDS)) {
      for (String mode : profile.measurements().storedFields().modes()) {
        interleaving.run(
            "stored-fields " + mode,
            (side, jvm, out) ->
                commands.storedFields(mode, corpus, work.resolve(storedFields(side, mode)), out),
            (side, jvm) ->
                FileSystemUtils.deleteRecursively(work.resolve(storedFields(side, mode)).toFile()));
      }
    }
  }

  /** luceneutil's high-cardinality facet timings on each side's index. */
  void facetTimings() {
    if (plan.runs(ComparisonRuns.FACET_TIMINGS)) {
      interleaving.run(
          "facet-timings",
          (side, jvm, out) -> commands.facetTimings(side.index, out),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  /**
   * Vector search: the corpus embedded once (or found in the cache) for both sides, then each
   * side's JVMs index and search the same vectors per format, with recall against the same exact
   * neighbours. A side that finds worse neighbours is flagged by {@link RecallLosses}.
   */
  void knn(EmbeddingModel embedding) {
    if (!plan.runs(ComparisonRuns.KNN)) {
      return;
    }
    Path docs = work.resolve("docs.vec");
    Path queries = work.resolve("queries.vec");
    Path cache = embedding.cacheDirectory();
    // The queries are titles of documents the index has not seen, as a run's KNN step has them
    // without a luceneutil task file; the same files for both sides.
    List<String> embed =
        commands.embed(
            corpus, profile.tasksFile(), cache, docs, queries, work.resolve("embed.json"));
    if (!a.steps.optionalFile(counter.name("embedding"), embed, queries, embedding.jars().get())) {
      throw new IllegalStateException("embedding the corpus for KNN failed; see the log");
    }
    interleaving.run(
        "knn",
        (side, jvm, out) ->
            commands.knn(docs, queries, cache, work.resolve("knn-" + side.name), out),
        (side, jvm) ->
            FileSystemUtils.deleteRecursively(work.resolve("knn-" + side.name).toFile()));
  }

  private static String storedFields(ComparisonSide side, String mode) {
    return "stored-fields-" + mode + "-" + side.name;
  }

  /** Every metric both sides measured, and the queries whose answers differ between them. */
  ComparisonRuns.Outcome outcome() {
    return new ComparisonRuns.Outcome(
        setup.baseline().version(),
        setup.candidate().version(),
        setup.jdk().identity(),
        ComparisonSamples.samples(a.results, b.results),
        plan.runs(ComparisonRuns.SEARCH)
            ? ComparisonSamples.mismatches(a.firstSearch(), b.firstSearch())
            : List.of(),
        a.recordings,
        b.recordings);
  }
}
