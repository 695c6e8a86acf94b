package org.nightbench.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.VectorIndexingSpec;
import org.springframework.util.FileSystemUtils;

/**
 * The benchmarks of an ordinary run in the order they depend on each other: index the corpus (once
 * per indexing variant), generate or take the query tasks, then what reads the index — search in
 * several fresh JVMs, PK lookups, facet timings, NRT, load sweeps, the nightly's other measurements
 * — with the calibration workload around it all. Each is a step of {@link HarnessSteps}; a
 * benchmark that cannot run because one it depends on failed is named as skipped.
 */
public final class BenchmarkSteps {

  private final HarnessSteps steps;
  private final BenchmarkProfile profile;
  private final ProfileSpecs specs;
  private final Path corpus;
  private final Path work;
  private final EmbeddingModel embedding;

  /**
   * @param corpus the line-docs file every indexing step reads
   * @param work the run's work directory, where indexes, task and result files go
   * @param embedding the model and cache of the vector search benchmark
   */
  public BenchmarkSteps(
      HarnessSteps steps,
      BenchmarkProfile profile,
      Path corpus,
      Path work,
      EmbeddingModel embedding) {
    this.steps = steps;
    this.profile = profile;
    this.specs = new ProfileSpecs(profile);
    this.corpus = corpus;
    this.work = work;
    this.embedding = embedding;
  }

  /**
   * Indexing, then the benchmarks that read the index: search, PK lookups, facet timings, NRT,
   * load, and the nightly's other measurements (PK lookups with the id postings in RAM, CheckIndex,
   * cold page cache search, stored fields).
   */
  public void run() {
    Embedded embedded = embed();
    Path index = index(embedded);
    Path tasks = tasks(index);
    Path taskVectors = embedded == null || tasks == null ? null : taskVectors(embedded, tasks);
    if (tasks == null) {
      steps.skipped("search, NRT and load", "they need the task file");
    } else {
      search(index, tasks, taskVectors);
    }
    if (profile.pkLookups() != null) {
      Path out = work.resolve("pk.json");
      steps.optional("PK lookups", specs.pkLookups(index), out);
    }
    if (profile.facetTimings() != null) {
      Path out = work.resolve("facet-timings.json");
      steps.optional("facet timings", specs.facetTimings(index), out);
    }
    if (tasks != null) {
      nrt(index, tasks);
      load(index, tasks);
    }
    new NightlyMeasurementSteps(steps, specs, corpus, work)
        .run(profile.searchIndex().name(), index, tasks);
    knn(embedded);
    vectorIndexing(embedded);
  }

  /** Times the calibration workload; null when the profile has none or it failed. */
  public Double calibrate(String when) {
    if (profile.calibration() == null) {
      return null;
    }
    Path out = work.resolve("calibration-" + when + ".json");
    if (!steps.optional(
        "calibration " + when,
        specs.calibrate(),
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

  /**
   * Indexes the corpus once per variant; returns the index the later benchmarks read, whose
   * documents carry the embedded vectors when there are any (luceneutil's {@code vector//} tasks
   * search them; the other variants measure indexing as before).
   */
  private Path index(Embedded embedded) {
    Path index = work.resolve("index");
    for (IndexingVariant variant : profile.indexing()) {
      String step = variant.name().equals("default") ? "indexing" : "indexing " + variant.name();
      if (variant == profile.searchIndex()) {
        Path out = work.resolve("index.json");
        IndexSpec spec = specs.index(variant, corpus, index);
        steps.required(step, embedded == null ? spec : spec.withDocVectors(embedded.docs()), out);
      } else {
        Path variantIndex = work.resolve("index-" + variant.name());
        Path out = work.resolve("index-" + variant.name() + ".json");
        steps.optional(step, specs.index(variant, corpus, variantIndex), out);
        // Only the first variant's index is read later; the others would fill the disk.
        FileSystemUtils.deleteRecursively(variantIndex.toFile());
      }
    }
    return index;
  }

  /** The profile's task file, else one generated from the index; null when generating failed. */
  private Path tasks(Path index) {
    if (profile.tasksFile() != null) {
      return profile.tasksFile();
    }
    Path tasks = work.resolve("tasks.txt");
    return steps.optionalFile("generating tasks", specs.generateTasks(corpus, index), tasks)
        ? tasks
        : null;
  }

  /**
   * The search JVMs: one benchmark together, all of their results or none. With {@code taskVectors}
   * (null for none) they run the {@code vector//} tasks too.
   */
  private void search(Path index, Path tasks, Path taskVectors) {
    List<String> names = new ArrayList<>();
    List<SearchSpec> searches = new ArrayList<>();
    List<Path> outs = new ArrayList<>();
    for (int jvm = 1; jvm <= profile.searchJvms(); jvm++) {
      Path out = work.resolve("search-" + jvm + ".json");
      names.add("search JVM " + jvm + "/" + profile.searchJvms());
      SearchSpec search = specs.search(index, tasks, jvm);
      searches.add(taskVectors == null ? search : search.withTaskVectors(taskVectors));
      outs.add(out);
    }
    steps.group(names, searches, outs);
  }

  private void nrt(Path index, Path tasks) {
    for (NrtVariant variant : profile.nrt()) {
      Path out = work.resolve("nrt-" + variant.name() + ".json");
      Path nrtWork = work.resolve("nrt-" + variant.name());
      steps.optional(
          "NRT " + variant.name(),
          specs.nrt(variant, index, nrtWork, corpus, tasks),
          out,
          result -> SeriesTasks.rename(result, "nrt", variant.name()));
      FileSystemUtils.deleteRecursively(nrtWork.toFile());
    }
  }

  /** The embedded corpus: document and query vectors, and the model's jars. */
  private record Embedded(Path docs, Path queries, List<Path> jars) {}

  /**
   * Embeds the corpus (or finds it embedded in the cache) before indexing, so the search index's
   * documents carry the vectors; null when the profile has no vector search or embedding failed.
   * The KNN queries are a luceneutil task file's {@code vector//} texts when the profile gives one,
   * else titles of documents the index has not seen.
   */
  private Embedded embed() {
    if (profile.knn() == null) {
      return null;
    }
    List<Path> jars;
    try {
      jars = embedding.jars().get();
    } catch (RuntimeException e) {
      steps.skipped("KNN", "the embedding model cannot be resolved: " + e.getMessage());
      return null;
    }
    Path docs = work.resolve("docs.vec");
    Path queries = work.resolve("queries.vec");
    EmbedSpec embed =
        specs.embed(corpus, profile.tasksFile(), embedding.cacheDirectory(), docs, queries);
    if (!steps.optionalFile("embedding", embed, work.resolve("embed.json"), queries, jars)) {
      steps.skipped("KNN and the vector tasks", "they need the embeddings");
      return null;
    }
    return new Embedded(docs, queries, jars);
  }

  /**
   * The query vectors of the task file's {@code vector//} texts, embedded in the embed JVM so the
   * search JVMs need no model; null when that failed (the vector tasks are then skipped with a
   * note).
   */
  private Path taskVectors(Embedded embedded, Path tasks) {
    Path taskVectors = work.resolve("task-vectors.vec");
    EmbedSpec embed =
        specs
            .embed(
                corpus,
                profile.tasksFile(),
                embedding.cacheDirectory(),
                embedded.docs(),
                embedded.queries())
            .withTaskVectors(tasks, taskVectors);
    return steps.optionalFile(
            "embedding the vector tasks",
            embed,
            work.resolve("embed-tasks.json"),
            taskVectors,
            embedded.jars())
        ? taskVectors
        : null;
  }

  /**
   * Vector search: indexes and searches the embedded vectors per format. Its own index, so it needs
   * nothing of the text index.
   */
  private void knn(Embedded embedded) {
    if (embedded == null) {
      return;
    }
    Path out = work.resolve("knn.json");
    steps.optional(
        "KNN",
        specs.knn(
            embedded.docs(), embedded.queries(), embedding.cacheDirectory(), work.resolve("knn")),
        out);
  }

  /**
   * Indexing throughput with a vector field: the embedded documents indexed once per vector format,
   * each in its own JVM as an indexing variant is.
   */
  private void vectorIndexing(Embedded embedded) {
    if (embedded == null || profile.vectorIndexing() == null) {
      return;
    }
    VectorIndexingSpec spec =
        specs.vectorIndexing(corpus, embedded.docs(), work.resolve("vector-index"));
    for (String format : spec.formats()) {
      Path out = work.resolve("vector-indexing-" + format + ".json");
      steps.optional("vector indexing " + format, spec.withFormat(format), out);
    }
    FileSystemUtils.deleteRecursively(work.resolve("vector-index").toFile());
  }

  private void load(Path index, Path tasks) {
    if (profile.load() == null) {
      return;
    }
    for (String directory : profile.loadDirectories().directories()) {
      Path out = work.resolve("load-" + directory + ".json");
      steps.optional("load sweep on " + directory, specs.load(directory, index, tasks), out);
    }
  }
}
