package org.nightbench.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.nightbench.protocol.HarnessOptions;

/**
 * The harness command lines of a run's steps, built from its profile: the backend's one writer of
 * the harness's command line, spelled with the names of {@link HarnessOptions}.
 */
public final class HarnessCommands {

  private final BenchmarkProfile profile;

  public HarnessCommands(BenchmarkProfile profile) {
    this.profile = profile;
  }

  public BenchmarkProfile profile() {
    return profile;
  }

  public List<String> index(IndexingVariant variant, Path corpus, Path indexDir, Path out) {
    List<String> args =
        args(
            HarnessOptions.INDEX_COMMAND,
            HarnessOptions.CORPUS,
            corpus,
            HarnessOptions.INDEX_DIR,
            indexDir,
            HarnessOptions.RAM_BUFFER_MB,
            profile.ramBufferMb(variant),
            HarnessOptions.OUT,
            out);
    // Only what differs from the harness's defaults, so the log shows what is special.
    if (!variant.name().equals("default")) {
      args.addAll(args(HarnessOptions.VARIANT, variant.name()));
    }
    if (variant.docChars() > 0) {
      args.addAll(args(HarnessOptions.DOC_CHARS, variant.docChars()));
    }
    if (!variant.directory().equals("mmap")) {
      args.addAll(args(HarnessOptions.DIRECTORY, variant.directory()));
    }
    if (!variant.mergePolicy().equals("tiered")) {
      args.addAll(args(HarnessOptions.MERGE_POLICY, variant.mergePolicy()));
    }
    if (variant.deterministic()) {
      args.add(HarnessOptions.DETERMINISTIC);
    } else if (variant.threads() > 1) {
      args.addAll(args(HarnessOptions.THREADS, variant.threads()));
    }
    if (profile.maxDocs() > 0) {
      args.addAll(args(HarnessOptions.MAX_DOCS, profile.maxDocs()));
    }
    return args;
  }

  /**
   * The same, writing the index with the release's default codec changed: {@code storedFields}
   * {@code speed} or {@code compression}, and one postings format for every field; null keeps the
   * codec's own.
   */
  public List<String> index(
      IndexingVariant variant,
      Path corpus,
      Path indexDir,
      Path out,
      String storedFields,
      String postingsFormat) {
    List<String> args = index(variant, corpus, indexDir, out);
    if (storedFields != null) {
      args.addAll(args(HarnessOptions.STORED_FIELDS, storedFields));
    }
    if (postingsFormat != null) {
      args.addAll(args(HarnessOptions.POSTINGS_FORMAT, postingsFormat));
    }
    return args;
  }

  public List<String> generateTasks(Path corpus, Path indexDir, Path out) {
    return args(
        HarnessOptions.GENERATE_TASKS_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.CORPUS,
        corpus,
        HarnessOptions.SEED,
        profile.taskSeed(),
        HarnessOptions.PER_CATEGORY,
        profile.queriesPerCategory(),
        HarnessOptions.OUT,
        out);
  }

  public List<String> search(Path indexDir, Path tasks, int jvm, Path out) {
    return search(indexDir, tasks, jvm, out, "default");
  }

  /** The same, reading the index through the named Directory. */
  public List<String> search(Path indexDir, Path tasks, int jvm, Path out, String directory) {
    List<String> args =
        args(
            HarnessOptions.SEARCH_COMMAND,
            HarnessOptions.INDEX_DIR,
            indexDir,
            HarnessOptions.TASKS,
            tasks,
            HarnessOptions.REPETITIONS,
            profile.repetitions(),
            HarnessOptions.WARMUP,
            profile.warmup(),
            HarnessOptions.SEED,
            profile.taskSeed() + jvm,
            HarnessOptions.OUT,
            out);
    if (profile.maxWarmupSeconds() != null) {
      // Warm-up runs until the JIT is idle and round times settle, at most this many seconds of
      // search-thread CPU (the harness default is 10 s).
      args.addAll(args(HarnessOptions.MAX_WARMUP_SEC, profile.maxWarmupSeconds()));
    }
    if (!"default".equals(directory)) {
      args.add(HarnessOptions.DIRECTORY);
      args.add(directory);
    }
    return args;
  }

  public List<String> pkLookups(Path indexDir, Path out) {
    PkLookupSettings pk = profile.pkLookups();
    return args(
        HarnessOptions.PK_LOOKUP_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.LOOKUPS,
        pk.lookups(),
        HarnessOptions.MIN_BATCH_SECONDS,
        pk.minBatchSeconds(),
        HarnessOptions.BATCHES,
        pk.batches(),
        HarnessOptions.WARMUP_BATCHES,
        pk.warmupBatches(),
        HarnessOptions.SEED,
        profile.taskSeed(),
        HarnessOptions.OUT,
        out);
  }

  public List<String> facetTimings(Path indexDir, Path out) {
    FacetTimingSettings facets = profile.facetTimings();
    return args(
        HarnessOptions.FACET_TIMINGS_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.REPETITIONS,
        facets.repetitions(),
        HarnessOptions.WARMUP,
        facets.warmup(),
        HarnessOptions.OUT,
        out);
  }

  public List<String> nrt(
      NrtVariant variant, Path indexDir, Path workDir, Path corpus, Path tasks, Path out) {
    List<String> args =
        args(
            HarnessOptions.NRT_COMMAND,
            HarnessOptions.VARIANT,
            variant.mode(),
            HarnessOptions.INDEX_DIR,
            indexDir,
            HarnessOptions.WORK_DIR,
            workDir,
            HarnessOptions.CORPUS,
            corpus,
            HarnessOptions.TASKS,
            tasks,
            HarnessOptions.UPDATE_RATE,
            variant.updateRate(),
            HarnessOptions.REOPEN_INTERVAL_MS,
            variant.reopenIntervalMs(),
            HarnessOptions.SEARCH_THREADS,
            variant.searchThreads(),
            HarnessOptions.DURATION_SECONDS,
            variant.durationSeconds(),
            HarnessOptions.WARMUP_SECONDS,
            variant.warmupSeconds(),
            HarnessOptions.MERGE_MB_PER_SEC,
            variant.mergeMbPerSec(),
            HarnessOptions.RAM_BUFFER_MB,
            profile.ramBufferMb(),
            HarnessOptions.SEED,
            profile.taskSeed(),
            HarnessOptions.OUT,
            out);
    if (variant.maxFullFlushMergeWaitMs() != null && variant.maxFullFlushMergeWaitMs() >= 0) {
      args.addAll(
          args(HarnessOptions.MAX_FULL_FLUSH_MERGE_WAIT_MS, variant.maxFullFlushMergeWaitMs()));
    }
    return args;
  }

  public List<String> load(String directory, Path indexDir, Path tasks, Path out) {
    LoadSettings load = profile.load();
    List<String> args =
        args(
            HarnessOptions.LOAD_COMMAND,
            HarnessOptions.INDEX_DIR,
            indexDir,
            HarnessOptions.TASKS,
            tasks,
            HarnessOptions.DIRECTORY,
            directory,
            HarnessOptions.THREADS,
            load.threads(),
            HarnessOptions.START_QPS,
            load.startQps(),
            HarnessOptions.STEP_FACTOR,
            load.stepFactor(),
            HarnessOptions.MAX_STEPS,
            load.maxSteps(),
            HarnessOptions.STEP_SECONDS,
            load.stepSeconds(),
            HarnessOptions.WARMUP_SECONDS,
            load.warmupSeconds(),
            HarnessOptions.P99_LIMIT_MS,
            load.p99LimitMs(),
            HarnessOptions.SEED,
            profile.taskSeed(),
            HarnessOptions.OUT,
            out);
    if (!load.categories().isEmpty()) {
      args.addAll(args(HarnessOptions.CATEGORIES, String.join(",", load.categories())));
    }
    return args;
  }

  /** Luceneutil's stored fields benchmark in one mode, {@code speed} or {@code compression}. */
  public List<String> storedFields(String mode, Path corpus, Path indexDir, Path out) {
    StoredFieldsSettings stored = profile.measurements().storedFields();
    List<String> args =
        args(
            HarnessOptions.STORED_FIELDS_COMMAND,
            HarnessOptions.CORPUS,
            corpus,
            HarnessOptions.INDEX_DIR,
            indexDir,
            HarnessOptions.STORED_FIELDS,
            mode,
            HarnessOptions.MAX_BUFFERED_DOCS,
            stored.flushDocs(),
            HarnessOptions.RETRIEVALS,
            stored.retrievals(),
            HarnessOptions.ROUNDS,
            stored.rounds(),
            HarnessOptions.OUT,
            out);
    if (stored.maxDocs() > 0) {
      args.addAll(args(HarnessOptions.MAX_DOCS, stored.maxDocs()));
    }
    if (stored.warmupPass()) {
      args.add(HarnessOptions.WARMUP_PASS);
    }
    return args;
  }

  /** CheckIndex over {@code indexDir}, the index of the named indexing variant. */
  public List<String> checkIndex(String variant, Path indexDir, Path out) {
    return args(
        HarnessOptions.CHECK_INDEX_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.VARIANT,
        variant,
        HarnessOptions.OUT,
        out);
  }

  /** PK lookups on id-only copies of the index, written into {@code workDir}, per id format. */
  public List<String> pkPostings(Path indexDir, Path workDir, Path out) {
    PkPostingsSettings pk = profile.measurements().pkPostings();
    return args(
        HarnessOptions.PK_POSTINGS_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.WORK_DIR,
        workDir,
        HarnessOptions.FORMATS,
        String.join(",", pk.harnessFormats()),
        HarnessOptions.LOOKUPS,
        pk.lookups(),
        HarnessOptions.MIN_BATCH_SECONDS,
        pk.minBatchSeconds(),
        HarnessOptions.BATCHES,
        pk.batches(),
        HarnessOptions.WARMUP_BATCHES,
        pk.warmupBatches(),
        HarnessOptions.SEED,
        profile.taskSeed(),
        HarnessOptions.OUT,
        out);
  }

  /** The first queries of {@code tasks} on a dropped OS page cache, against the same warm. */
  public List<String> coldSearch(Path indexDir, Path tasks, Path out) {
    ColdSearchSettings cold = profile.measurements().coldSearch();
    return args(
        HarnessOptions.COLD_SEARCH_COMMAND,
        HarnessOptions.INDEX_DIR,
        indexDir,
        HarnessOptions.TASKS,
        tasks,
        HarnessOptions.QUERIES,
        cold.queries(),
        HarnessOptions.WARMUP_ROUNDS,
        cold.warmupRounds(),
        HarnessOptions.OUT,
        out);
  }

  /**
   * Embeds the corpus's first documents and the query texts ({@code vector//} tasks of {@code
   * tasks} when it has them), reusing {@code cacheDir}'s vectors when they were embedded before.
   */
  public List<String> embed(
      Path corpus, Path tasks, Path cacheDir, Path docVectors, Path queryVectors, Path out) {
    KnnSettings knn = profile.knn();
    List<String> args =
        args(
            HarnessOptions.EMBED_COMMAND,
            HarnessOptions.CORPUS,
            corpus,
            HarnessOptions.MAX_DOCS,
            knnDocs(),
            HarnessOptions.MAX_QUERIES,
            knn.queries(),
            HarnessOptions.CACHE_DIR,
            cacheDir,
            HarnessOptions.DOC_VECTORS,
            docVectors,
            HarnessOptions.QUERY_VECTORS,
            queryVectors,
            HarnessOptions.OUT,
            out);
    if (tasks != null) {
      args.addAll(args(HarnessOptions.TASKS, tasks));
    }
    return args;
  }

  /**
   * The same embedding, also writing the vectors of {@code searchTasks}' {@code vector//} texts to
   * {@code taskVectors} for the search benchmark (documents and queries come from the cache).
   */
  public List<String> embed(
      Path corpus,
      Path tasks,
      Path cacheDir,
      Path docVectors,
      Path queryVectors,
      Path out,
      Path searchTasks,
      Path taskVectors) {
    List<String> args = embed(corpus, tasks, cacheDir, docVectors, queryVectors, out);
    args.addAll(
        args(HarnessOptions.SEARCH_TASKS, searchTasks, HarnessOptions.TASK_VECTORS, taskVectors));
    return args;
  }

  /** {@code index} with the documents carrying {@code docVectors} (MiniLM's 384 dimensions). */
  public static List<String> withDocVectors(List<String> index, Path docVectors) {
    List<String> args = new ArrayList<>(index);
    args.addAll(args(HarnessOptions.DOC_VECTORS, docVectors));
    return args;
  }

  /** {@code search} with the query vectors of its {@code vector//} tasks. */
  public static List<String> withTaskVectors(List<String> search, Path taskVectors) {
    List<String> args = new ArrayList<>(search);
    args.addAll(args(HarnessOptions.TASK_VECTORS, taskVectors));
    return args;
  }

  /** Indexes and searches the embedded vectors with every vector format of the profile. */
  public List<String> knn(
      Path docVectors, Path queryVectors, Path cacheDir, Path workDir, Path out) {
    KnnSettings knn = profile.knn();
    List<String> args =
        args(
            HarnessOptions.KNN_COMMAND,
            HarnessOptions.DOC_VECTORS,
            docVectors,
            HarnessOptions.QUERY_VECTORS,
            queryVectors,
            HarnessOptions.DIMENSION,
            MINILM_DIMENSION,
            HarnessOptions.MAX_DOCS,
            knnDocs(),
            HarnessOptions.MAX_QUERIES,
            knn.queries(),
            HarnessOptions.VECTOR_FORMATS,
            String.join(",", knn.formats()),
            HarnessOptions.K,
            knn.k(),
            HarnessOptions.FANOUTS,
            knn.fanouts().stream().map(String::valueOf).collect(Collectors.joining(",")),
            HarnessOptions.CACHE_DIR,
            cacheDir,
            HarnessOptions.WORK_DIR,
            workDir,
            HarnessOptions.OUT,
            out);
    if (!knn.filterPercents().isEmpty()) {
      args.addAll(
          args(
              HarnessOptions.FILTER_PERCENTS,
              knn.filterPercents().stream().map(String::valueOf).collect(Collectors.joining(","))));
    }
    if (knn.forceMerge()) {
      args.add(HarnessOptions.FORCE_MERGE);
    }
    return args;
  }

  /** all-MiniLM-L6-v2's vectors. */
  static final int MINILM_DIMENSION = 384;

  /** The documents a KNN run embeds: its own count, else the profile's, else a whole corpus. */
  private int knnDocs() {
    int docs = profile.knn().docs() > 0 ? profile.knn().docs() : profile.maxDocs();
    return docs > 0 ? docs : Integer.MAX_VALUE;
  }

  public List<String> calibrate(Path out) {
    CalibrationSettings calibration = profile.calibration();
    return args(
        HarnessOptions.CALIBRATE_COMMAND,
        HarnessOptions.ROUNDS,
        calibration.rounds(),
        HarnessOptions.WARMUP_ROUNDS,
        calibration.warmupRounds(),
        HarnessOptions.MEMORY_MB,
        calibration.memoryMb(),
        HarnessOptions.OUT,
        out);
  }

  private static List<String> args(Object... values) {
    List<String> args = new ArrayList<>(values.length);
    for (Object value : values) {
      args.add(
          value instanceof Double d && d == Math.rint(d)
              ? Long.toString(d.longValue())
              : value.toString());
    }
    return args;
  }
}
