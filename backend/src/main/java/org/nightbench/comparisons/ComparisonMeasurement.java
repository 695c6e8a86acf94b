package org.nightbench.comparisons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.nightbench.benchjobs.spec.SpecFile;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NrtVariant;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.VectorIndexingSpec;
import org.nightbench.worker.ComparisonRuns;
import org.springframework.util.FileSystemUtils;

/**
 * The benchmarks of one comparison run, one method per step in the order they run: the indexing
 * benchmark, the indexes the queries read, the tasks, then search, PK lookups, NRT, load, the
 * nightly's other measurements, facet timings and vector search, each interleaving the sides' JVMs.
 */
final class ComparisonMeasurement {

  /** The catalogue's name of indexing with a vector field. */
  static final String VECTOR_INDEXING = "vector-indexing";

  private final ComparisonPlan plan;
  private final ComparisonSetup setup;
  private final BenchmarkProfile profile;
  private final Consumer<String> log;
  private final Path corpus;
  private final Path work;
  private final ComparisonSide a;
  private final ComparisonSide b;
  private final ProfileSpecs specs;
  private final boolean sharedIndex;
  private final ComparisonStepCounter counter;
  private final Interleaving interleaving;
  private final QueryIndexCache indexes;
  private Path tasks;
  private boolean embedded;

  ComparisonMeasurement(
      ComparisonPlan plan,
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
    this.specs = new ProfileSpecs(profile);
    this.sharedIndex = sharesIndex(setup.baseline(), setup.candidate(), plan);
    this.counter = new ComparisonStepCounter(plan, profile, sharedIndex);
    this.interleaving = new Interleaving(plan.jvms(), a, b, work, counter);
  }

  /** The same Lucene jars writing with the same codec settings: one index serves both sides. */
  static boolean sharesIndex(
      ResolvedLucene baseline, ResolvedLucene candidate, ComparisonPlan plan) {
    return baseline.jars().equals(candidate.jars())
        && Objects.equals(plan.baseline().storedFields(), plan.candidate().storedFields())
        && Objects.equals(plan.baseline().postingsFormat(), plan.candidate().postingsFormat());
  }

  private ComparisonSide side(
      String name,
      ComparisonPlan.Side side,
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
    if (!plan.runs(ComparisonPlan.INDEXING)) {
      return;
    }
    IndexingVariant variant = profile.searchIndex();
    interleaving.run(
        "indexing " + variant.name(),
        (side, jvm) -> side.index(specs, variant, corpus, work.resolve(indexing(side, jvm))),
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
      IndexSpec spec = side.index(specs, repeatable, corpus, side.index);
      String step = counter.name("indexing " + side.name + " for the queries");
      ResolvedLucene lucene = side == a ? setup.baseline() : setup.candidate();
      // Only a commit's build is kept: a bisect compares the same commits again and again, while
      // releases index afresh, as the comparisons' honesty was measured.
      String key =
          lucene.commit() == null
              ? null
              : QueryIndexCache.key(
                  List.of(SpecFile.toJson(spec).toString()),
                  side.index,
                  out,
                  lucene.jars(),
                  setup.corpus().sha256(),
                  setup.jdk().identity());
      if (key != null && indexes.restore(key, side.index, out)) {
        log.accept(step + ": reusing the index an earlier comparison built (" + key + ")");
        continue;
      }
      side.steps.required(step, spec, out);
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
            counter.name("generating tasks"), specs.generateTasks(corpus, a.index), file)) {
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
    if (plan.runs(ComparisonPlan.SEARCH)) {
      interleaving.run(
          "search",
          (side, jvm) -> specs.search(side.index, tasks, jvm).withDirectory(side.directory),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  void pkLookups() {
    if (plan.runs(ComparisonPlan.PK_LOOKUP)) {
      interleaving.run(
          "pk-lookup", (side, jvm) -> specs.pkLookups(side.index), Interleaving.AfterJvm.NOTHING);
    }
  }

  void nrt() {
    if (!plan.runs(ComparisonPlan.NRT)) {
      return;
    }
    for (NrtVariant nrt : profile.nrt()) {
      interleaving.run(
          "nrt " + nrt.name(),
          (side, jvm) ->
              specs.nrt(nrt, side.index, work.resolve("nrt-" + side.name), corpus, tasks),
          (side, jvm) ->
              FileSystemUtils.deleteRecursively(work.resolve("nrt-" + side.name).toFile()));
    }
  }

  void load() {
    if (plan.runs(ComparisonPlan.LOAD)) {
      String directory = profile.loadDirectories().directories().get(0);
      interleaving.run(
          "load " + directory,
          (side, jvm) -> specs.load(directory, side.index, tasks),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  /**
   * The nightly's measurements beside the queries that the plan asks for: PK lookups with the id
   * postings in RAM, CheckIndex, cold page cache search and stored fields per mode.
   */
  void nightlyMeasurements() {
    if (plan.runs(ComparisonPlan.PK_POSTINGS)) {
      interleaving.run(
          "pk-postings",
          (side, jvm) -> specs.pkPostings(side.index, work.resolve("pk-postings-" + side.name)),
          (side, jvm) ->
              FileSystemUtils.deleteRecursively(work.resolve("pk-postings-" + side.name).toFile()));
    }
    if (plan.runs(ComparisonPlan.CHECK_INDEX)) {
      interleaving.run(
          "check-index",
          (side, jvm) -> specs.checkIndex(profile.searchIndex().name(), side.index),
          Interleaving.AfterJvm.NOTHING);
    }
    if (plan.runs(ComparisonPlan.COLD_SEARCH)) {
      interleaving.run(
          "cold-search",
          (side, jvm) -> specs.coldSearch(side.index, tasks),
          Interleaving.AfterJvm.NOTHING);
    }
    if (plan.runs(ComparisonPlan.STORED_FIELDS)) {
      for (String mode : profile.measurements().storedFieldsModes().modes()) {
        interleaving.run(
            "stored-fields " + mode,
            (side, jvm) -> specs.storedFields(mode, corpus, work.resolve(storedFields(side, mode))),
            (side, jvm) ->
                FileSystemUtils.deleteRecursively(work.resolve(storedFields(side, mode)).toFile()));
      }
    }
  }

  /** luceneutil's high-cardinality facet timings on each side's index. */
  void facetTimings() {
    if (plan.runs(ComparisonPlan.FACET_TIMINGS)) {
      interleaving.run(
          "facet-timings",
          (side, jvm) -> specs.facetTimings(side.index),
          Interleaving.AfterJvm.NOTHING);
    }
  }

  /**
   * Vector search: the corpus embedded once (or found in the cache) for both sides, then each
   * side's JVMs index and search the same vectors per format, with recall against the same exact
   * neighbours. A side that finds worse neighbours is flagged by {@link RecallLosses}.
   */
  void knn(EmbeddingModel embedding) {
    if (!plan.runs(ComparisonPlan.KNN)) {
      return;
    }
    Path docs = work.resolve("docs.vec");
    Path queries = work.resolve("queries.vec");
    Path cache = embedding.cacheDirectory();
    embedOnce(embedding, docs, queries);
    interleaving.run(
        "knn",
        (side, jvm) -> specs.knn(docs, queries, cache, work.resolve("knn-" + side.name)),
        (side, jvm) ->
            FileSystemUtils.deleteRecursively(work.resolve("knn-" + side.name).toFile()));
  }

  /**
   * Indexing throughput with a vector field: the documents embedded once for both sides (the same
   * embedding KNN uses), each format's JVMs alternating between the sides.
   */
  void vectorIndexing(EmbeddingModel embedding) {
    if (!plan.runs(VECTOR_INDEXING)) {
      return;
    }
    Path docs = work.resolve("docs.vec");
    embedOnce(embedding, docs, work.resolve("queries.vec"));
    VectorIndexingSpec spec = specs.vectorIndexing(corpus, docs, work.resolve("vector-index"));
    for (String format : spec.formats()) {
      interleaving.run(
          "vector-indexing " + format,
          (side, jvm) ->
              spec.withFormat(format)
                  .on(corpus, docs, work.resolve("vector-index-" + side.name + "-" + jvm)),
          (side, jvm) ->
              FileSystemUtils.deleteRecursively(
                  work.resolve("vector-index-" + side.name + "-" + jvm).toFile()));
    }
  }

  /** Embeds the corpus for both sides, once for KNN and vector indexing together. */
  private void embedOnce(EmbeddingModel embedding, Path docs, Path queries) {
    if (embedded) {
      return;
    }
    // The queries are titles of documents the index has not seen, as a run's KNN step has them
    // without a luceneutil task file; the same files for both sides.
    EmbedSpec embed =
        specs.embed(corpus, profile.tasksFile(), embedding.cacheDirectory(), docs, queries);
    if (!a.steps.optionalFile(
        counter.name("embedding"),
        embed,
        work.resolve("embed.json"),
        queries,
        embedding.jars().get())) {
      throw new IllegalStateException("embedding the corpus for vectors failed; see the log");
    }
    embedded = true;
  }

  private static String storedFields(ComparisonSide side, String mode) {
    return "stored-fields-" + mode + "-" + side.name;
  }

  /** Every metric both sides measured, and the queries whose answers differ between them. */
  ComparisonOutcome outcome() {
    return new ComparisonOutcome(
        setup.baseline().version(),
        setup.candidate().version(),
        setup.jdk().identity(),
        ComparisonSamples.samples(a.results, b.results),
        plan.runs(ComparisonPlan.SEARCH)
            ? ComparisonSamples.mismatches(a.firstSearch(), b.firstSearch())
            : List.of(),
        a.recordings,
        b.recordings);
  }
}
