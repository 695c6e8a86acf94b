package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.timing.WriterTimings;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;

/**
 * luceneutil's KNN benchmark in one JVM: per vector format, index the document vectors (time, size,
 * optionally force-merged to one segment), then search every query vector at several fanouts and
 * measure recall@k against the exact neighbours, latency (mean, p50, p99), CPU and visited graph
 * nodes per query; flush and merge time, and the vector files on disk and what search reads of them
 * (graph plus the quantized vectors where the format has them, else the raw ones); with filters
 * that keep a share of the documents, pre-filtered (the filter inside the graph search) and
 * post-filtered (a wider search, filtered after); and the searched graph's strongly connected
 * components per HNSW level ({@link GraphConnectivity}). A format the release lacks is skipped with
 * a note; a recall far below what the format should reach fails the benchmark, since it means a
 * wrong similarity or vectors out of order rather than a slow night.
 */
public final class KnnBenchmark implements Benchmark<KnnSpec> {

  static final String FIELD = "vector";
  static final String ORD = "ord";
  static final String BUCKET = "bucket";

  /** The smallest recall@k of float32 HNSW at the widest fanout that is believable. */
  static final double PLAUSIBLE_RECALL = 0.5;

  private KnnSpec spec;
  private List<KnnFormat> formats;
  private VectorSimilarity similarity;

  /** The spec's fanouts in increasing order: recall and latency grow with them. */
  private List<Integer> fanouts;

  private PrintStream log;
  private final Map<KnnFormat, String> formatNames = new java.util.EnumMap<>(KnnFormat.class);

  /** For the runner; {@link #measure} takes the spec and the log. */
  public KnnBenchmark() {}

  @Override
  public Report measure(KnnSpec spec, PrintStream log) throws Exception {
    Path cacheDir = spec.cacheDir();
    int dimension = spec.dimension();
    try {
      Class.forName("org.apache.lucene.document.KnnFloatVectorField");
    } catch (ClassNotFoundException e) {
      // Before 9.6 vectors had another API; what is measured here starts there.
      String note = "knn: skipped, this Lucene has no KnnFloatVectorField (9.6 on)";
      log.println(note);
      return Report.skipped(note);
    }
    VectorSimilarity sim = VectorSimilarity.of(spec.similarity());
    this.spec = spec;
    this.formats = spec.vectorFormats().stream().map(KnnFormat::of).toList();
    this.similarity = sim;
    this.fanouts = spec.fanouts().stream().sorted().toList();
    // No maximum: every vector of the file, as many as the embedding step wrote.
    int maxDocs = spec.maxDocs() == null ? Integer.MAX_VALUE : spec.maxDocs();
    float[][] documents = VectorFile.read(spec.docVectors(), dimension, maxDocs);
    float[][] queries = VectorFile.read(spec.queryVectors(), dimension, spec.maxQueries());
    if (documents.length == 0 || queries.length == 0) {
      throw new IllegalArgumentException("no vectors to index or no queries to search");
    }
    Path exactFile = exactFile(spec, documents.length, queries.length, sim);
    if (cacheDir != null) {
      Files.createDirectories(cacheDir);
    }
    long start = System.nanoTime();
    boolean cached = Files.isRegularFile(exactFile);
    int[][] exact = ExactNeighbours.cached(exactFile, documents, queries, exactDepth(spec), sim);
    log.printf(
        "exact neighbours of %d queries in %d documents: %s in %.1f s%n",
        queries.length,
        documents.length,
        cached ? "read from the cache" : "computed",
        (System.nanoTime() - start) / 1e9);
    Files.createDirectories(spec.workDir());
    this.log = log;
    Outcome outcome = run(documents, queries, exact, spec.workDir());
    return new Report(outcome.metrics(), outcome.curves(), outcome.notes());
  }

  /**
   * Where the exact neighbours of these documents and queries are cached: keyed by both files'
   * content, so vectors linked into a fresh work directory find it again.
   */
  private Path exactFile(KnnSpec spec, int documents, int queries, VectorSimilarity sim)
      throws IOException {
    Path docVectors = spec.docVectors();
    Path dir = spec.cacheDir() != null ? spec.cacheDir() : docVectors.toAbsolutePath().getParent();
    return dir.resolve(
        "exact-"
            + EmbeddingCache.sha256(docVectors).substring(0, 16)
            + "-"
            + EmbeddingCache.sha256(spec.queryVectors()).substring(0, 16)
            + "-"
            + documents
            + "x"
            + queries
            + "-k"
            + exactDepth(spec)
            + "-"
            + sim.name().toLowerCase(java.util.Locale.ROOT)
            + ".bin");
  }

  /** What one run measured: metrics, a recall-against-latency curve per format, and notes. */
  public record Outcome(List<Metric> metrics, List<Curve> curves, List<String> notes) {}

  Outcome run(float[][] documents, float[][] queries, int[][] exact, Path work) throws IOException {
    List<Metric> metrics = new ArrayList<>();
    List<Curve> curves = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (KnnFormat format : formats) {
      Optional<KnnVectorsFormat> vectorsFormat;
      try {
        vectorsFormat = format.create();
      } catch (UnsupportedOperationException e) {
        notes.add("knn " + format.label() + ": skipped, " + e.getMessage());
        log.println("knn " + format.label() + ": skipped, " + e.getMessage());
        continue;
      }
      // Which class of the release it was: int7 is one format in 9.12 and another in 10.6.
      formatNames.put(
          format,
          vectorsFormat.map(f -> f.getClass().getSimpleName()).orElse("the codec's default"));
      Path indexDir = work.resolve("knn-" + format.label());
      try (Directory dir = FSDirectory.open(indexDir)) {
        index(format, vectorsFormat, documents, queries, exact, dir, metrics);
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
          search(format, reader, queries, exact, metrics, curves);
          connectivity(format, reader, metrics, notes);
        }
      } finally {
        deleteRecursively(indexDir);
      }
    }
    return new Outcome(metrics, curves, notes);
  }

  private void index(
      KnnFormat format,
      Optional<KnnVectorsFormat> vectorsFormat,
      float[][] documents,
      float[][] queries,
      int[][] exact,
      Directory dir,
      List<Metric> metrics)
      throws IOException {
    WriterTimings timings = new WriterTimings();
    // No compound files: the vector files' sizes are measured one by one.
    TieredMergePolicy mergePolicy = new TieredMergePolicy();
    mergePolicy.setNoCFSRatio(0);
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setRAMBufferSizeMB(spec.ramBufferMb())
            .setUseCompoundFile(false)
            .setMergePolicy(mergePolicy)
            .setInfoStream(timings);
    vectorsFormat.ifPresent(f -> config.setCodec(KnnFormat.codecWith(f)));
    VectorSimilarityFunction similarity = VectorSimilarityFunction.valueOf(this.similarity.name());
    long start = System.nanoTime();
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (int i = 0; i < documents.length; i++) {
        Document doc = new Document();
        doc.add(new KnnFloatVectorField(FIELD, documents[i], similarity));
        doc.add(new NumericDocValuesField(ORD, i));
        doc.add(new StoredField(ORD, i));
        // Buckets 0..99 from the ordinal's hash: a filter "bucket < p" keeps p % of the documents.
        doc.add(new IntPoint(BUCKET, bucket(i)));
        writer.addDocument(doc);
      }
      writer.commit();
      double indexSeconds = (System.nanoTime() - start) / 1e9;
      metrics.add(metric(format, "indexSeconds", indexSeconds));
      metrics.add(metric(format, "indexDocsPerSec", documents.length / indexSeconds));
      // Summed over the writer's threads, as the indexing benchmark reports them.
      metrics.add(metric(format, "flushSeconds", timings.flushSeconds()));
      metrics.add(metric(format, "mergeSeconds", timings.mergeSeconds()));
      if (spec.forceMerge()) {
        // The same searches before the merge too: the issue's "with and without force-merge".
        try (DirectoryReader unmerged = DirectoryReader.open(writer)) {
          searchUnmerged(format, unmerged, queries, exact, metrics);
        }
        long merge = System.nanoTime();
        writer.forceMerge(1);
        writer.commit();
        metrics.add(metric(format, "forceMergeSeconds", (System.nanoTime() - merge) / 1e9));
      }
    }
    sizes(format, dir, metrics);
    log.printf(
        "knn %s: indexed %d vectors in %.1f s%n",
        format.label(), documents.length, (System.nanoTime() - start) / 1e9);
  }

  /** The index's size, and its vectors' on disk and as searched. */
  private void sizes(KnnFormat format, Directory dir, List<Metric> metrics) throws IOException {
    metrics.add(metric(format, "indexMB", sizeMb(dir)));
    VectorFiles files = VectorFiles.of(dir);
    metrics.add(metric(format, "vectorDiskMB", files.diskMb()));
    metrics.add(metric(format, "vectorRamMB", files.searchedMb()));
  }

  private void search(
      KnnFormat format,
      DirectoryReader reader,
      float[][] queries,
      int[][] exact,
      List<Metric> metrics,
      List<Curve> curves)
      throws IOException {
    IndexSearcher searcher = new IndexSearcher(reader);
    int[] ordinals = ordinals(reader);
    List<List<Double>> rows = new ArrayList<>();
    double widestRecall = 0;
    for (int fanout : fanouts) {
      Measured measured = measure(searcher, ordinals, queries, exact, fanout, null);
      String task = format.label() + "-fanout" + fanout;
      metrics.add(metric(format, task, "recall", measured.recall()));
      metrics.add(metric(format, task, "latencyMeanMs", measured.meanMs()));
      metrics.add(metric(format, task, "latencyP50Ms", measured.p50Ms()));
      metrics.add(metric(format, task, "latencyP99Ms", measured.p99Ms()));
      metrics.add(metric(format, task, "cpuMs", measured.cpuMs()));
      if (measured.visited() > 0) {
        metrics.add(metric(format, task, "visitedNodes", measured.visited()));
      }
      rows.add(List.of(measured.meanMs(), measured.recall(), (double) fanout));
      widestRecall = measured.recall();
      log.printf(
          "knn %s fanout %d: recall %.3f, mean %.3f ms, p99 %.3f ms%n",
          format.label(), fanout, measured.recall(), measured.meanMs(), measured.p99Ms());
    }
    // The trade-off a user picks a fanout from: recall against what it costs per query.
    rows.sort(java.util.Comparator.comparing(row -> row.get(0)));
    curves.add(
        new Curve(
            "knn",
            format.label(),
            "recallVsLatency",
            "mean latency ms",
            List.of("recall@" + spec.k(), "fanout"),
            rows));
    checkPlausible(format, widestRecall);
    searchFiltered(format, searcher, ordinals, queries, exact, metrics);
  }

  /** Fails a run whose float32 HNSW recall at the widest fanout cannot be right. */
  private void checkPlausible(KnnFormat format, double widestRecall) {
    if (format == KnnFormat.HNSW && widestRecall < PLAUSIBLE_RECALL) {
      throw new IllegalStateException(
          String.format(
              java.util.Locale.ROOT,
              "knn hnsw recall@%d is %.3f at fanout %d: implausibly low (a wrong similarity, or"
                  + " vectors out of order?)",
              spec.k(),
              widestRecall,
              fanouts.get(fanouts.size() - 1)));
    }
  }

  /** Each filter percentage at the first fanout, the filter applied before and after the search. */
  private void searchFiltered(
      KnnFormat format,
      IndexSearcher searcher,
      int[] ordinals,
      float[][] queries,
      int[][] exact,
      List<Metric> metrics)
      throws IOException {
    int fanout = fanouts.get(0);
    for (int percent : spec.filterPercents()) {
      for (boolean pre : new boolean[] {true, false}) {
        Measured measured = measure(searcher, ordinals, queries, exact, fanout, percent, pre);
        String task = format.label() + (pre ? "-prefilter" : "-postfilter") + percent + "pct";
        metrics.add(metric(format, task, "recall", measured.recall()));
        metrics.add(metric(format, task, "latencyMeanMs", measured.meanMs()));
        metrics.add(metric(format, task, "latencyP99Ms", measured.p99Ms()));
      }
    }
  }

  /**
   * The strongly connected components of the graph just searched, per HNSW level (tasks {@code
   * <format>-level<n>}): how many, the sizes of the largest five (0 where there are fewer) and the
   * share of the level's nodes outside the largest. A release whose codec does not expose its graph
   * gets one note instead.
   */
  private void connectivity(
      KnnFormat format, DirectoryReader reader, List<Metric> metrics, List<String> notes)
      throws IOException {
    List<GraphConnectivity.Level> levels;
    try {
      levels = GraphConnectivity.of(reader, FIELD);
    } catch (UnsupportedOperationException e) {
      String note = "knn " + format.label() + ": graph connectivity skipped, " + e.getMessage();
      notes.add(note);
      log.println(note);
      return;
    }
    if (levels.isEmpty()) {
      String note =
          "knn "
              + format.label()
              + ": graph connectivity skipped, no segment of "
              + reader.maxDoc()
              + " vectors has an HNSW graph (Lucene "
              + org.apache.lucene.util.Version.LATEST
              + " searches a segment this small exactly, building none)";
      notes.add(note);
      log.println(note);
      return;
    }
    for (GraphConnectivity.Level level : levels) {
      String task = format.label() + "-level" + level.level();
      metrics.add(metric(format, task, "stronglyConnectedComponents", level.components()));
      for (int i = 0; i < GraphConnectivity.LARGEST; i++) {
        long size = i < level.largest().length ? level.largest()[i] : 0;
        // The largest should hold every node; the others should be empty.
        metrics.add(metric(format, task, "largestComponent" + (i + 1), size));
      }
      metrics.add(
          metric(format, task, "outsideLargestComponentPct", level.outsideLargestPercent()));
      log.printf(
          "knn %s level %d: %d nodes in %d strongly connected components, largest %s%n",
          format.label(),
          level.level(),
          level.nodes(),
          level.components(),
          Arrays.toString(level.largest()));
    }
  }

  /**
   * Recall, latency and visited nodes per fanout on the index as written, before it is merged to
   * one segment (tasks {@code <format>-unmerged-fanout<n>}); nothing when it has one segment
   * already, where the figures would repeat the merged ones.
   */
  private void searchUnmerged(
      KnnFormat format,
      DirectoryReader reader,
      float[][] queries,
      int[][] exact,
      List<Metric> metrics)
      throws IOException {
    if (reader.leaves().size() < 2) {
      return;
    }
    IndexSearcher searcher = new IndexSearcher(reader);
    int[] ordinals = ordinals(reader);
    for (int fanout : fanouts) {
      Measured measured = measure(searcher, ordinals, queries, exact, fanout, null);
      String task = format.label() + "-unmerged-fanout" + fanout;
      metrics.add(metric(format, task, "recall", measured.recall()));
      metrics.add(metric(format, task, "latencyMeanMs", measured.meanMs()));
      metrics.add(metric(format, task, "latencyP99Ms", measured.p99Ms()));
      if (measured.visited() > 0) {
        metrics.add(metric(format, task, "visitedNodes", measured.visited()));
      }
    }
    metrics.add(metric(format, "segmentsBeforeMerge", reader.leaves().size()));
  }

  /** Latencies, CPU and recall of one setting over every query, after one warm-up pass. */
  record Measured(
      double recall, double meanMs, double p50Ms, double p99Ms, double cpuMs, double visited) {}

  private Measured measure(
      IndexSearcher searcher,
      int[] ordinals,
      float[][] queries,
      int[][] exact,
      int fanout,
      Integer filterPercent) {
    return measure(searcher, ordinals, queries, exact, fanout, filterPercent, true);
  }

  private Measured measure(
      IndexSearcher searcher,
      int[] ordinals,
      float[][] queries,
      int[][] exact,
      int fanout,
      Integer filterPercent,
      boolean preFilter) {
    int k = spec.k();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] nanos = new long[queries.length];
    double recall = 0;
    long cpu = 0;
    long visited = 0;
    for (int pass = 0; pass < 2; pass++) {
      recall = 0;
      cpu = 0;
      visited = 0;
      for (int q = 0; q < queries.length; q++) {
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long[] visitedNodes = new long[1];
        int[] found =
            search(
                searcher, ordinals, queries[q], k, fanout, filterPercent, preFilter, visitedNodes);
        visited += visitedNodes[0];
        nanos[q] = System.nanoTime() - start;
        cpu += threads.getCurrentThreadCpuTime() - cpuStart;
        int[] truth = filterPercent == null ? exact[q] : filteredTruth(exact[q], filterPercent, k);
        recall += ExactNeighbours.recall(truth, found, k);
      }
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    double mean = Arrays.stream(nanos).average().orElse(0) / 1e6;
    return new Measured(
        recall / queries.length,
        mean,
        sorted[(int) Math.min(sorted.length - 1, Math.floor(0.5 * sorted.length))] / 1e6,
        sorted[(int) Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] / 1e6,
        cpu / 1e6 / queries.length,
        (double) visited / queries.length);
  }

  /**
   * The exact neighbours that pass the filter, from the exact list, which is computed deep enough
   * ({@link #exactDepth}) that about k of them pass the narrowest filter.
   */
  /** How deep the exact neighbours go: enough that k of them pass the narrowest filter. */
  static int exactDepth(KnnSpec spec) {
    int narrowest = spec.filterPercents().stream().mapToInt(Integer::intValue).min().orElse(100);
    return Math.min(10_000, (int) Math.ceil(spec.k() * 100.0 / narrowest) * 2);
  }

  private static int[] filteredTruth(int[] exact, int percent, int k) {
    return Arrays.stream(exact).filter(ord -> bucket(ord) < percent).limit(k).toArray();
  }

  private int[] search(
      IndexSearcher searcher,
      int[] ordinals,
      float[] query,
      int k,
      int fanout,
      Integer filterPercent,
      boolean preFilter,
      long[] visited) {
    try {
      Query filter =
          filterPercent == null ? null : IntPoint.newRangeQuery(BUCKET, 0, filterPercent - 1);
      TopDocs top;
      if (filter == null || preFilter) {
        VisitedCountingQuery knn = new VisitedCountingQuery(FIELD, query, k + fanout, filter);
        top = searcher.search(knn, k);
        visited[0] = knn.visited();
      } else {
        // Post-filter: a search wide enough that about k of its hits should pass, then the filter.
        int wide = (int) Math.ceil((k + fanout) * 100.0 / filterPercent);
        VisitedCountingQuery knn = new VisitedCountingQuery(FIELD, query, wide, null);
        top = searcher.search(knn, wide);
        visited[0] = knn.visited();
        return Stream.of(top.scoreDocs)
            .mapToInt(hit -> ordinals[hit.doc])
            .filter(ord -> bucket(ord) < filterPercent)
            .limit(k)
            .toArray();
      }
      return Stream.of(top.scoreDocs).mapToInt((ScoreDoc hit) -> ordinals[hit.doc]).toArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Each document's ordinal in the vector file, by its doc id in the (possibly merged) index. */
  private static int[] ordinals(DirectoryReader reader) throws IOException {
    int[] ordinals = new int[reader.maxDoc()];
    for (var leaf : reader.leaves()) {
      NumericDocValues values = leaf.reader().getNumericDocValues(ORD);
      for (int doc = values.nextDoc();
          doc != NumericDocValues.NO_MORE_DOCS;
          doc = values.nextDoc()) {
        ordinals[leaf.docBase + doc] = (int) values.longValue();
      }
    }
    return ordinals;
  }

  /** A document's filter bucket, 0..99, spread by a hash of its ordinal (deterministic). */
  static int bucket(int ordinal) {
    return (int)
        Math.floorMod(new SplittableRandom(ordinal * 0x9E3779B97F4A7C15L).nextLong(), 100L);
  }

  private static double sizeMb(Directory dir) throws IOException {
    long bytes = 0;
    for (String file : dir.listAll()) {
      bytes += dir.fileLength(file);
    }
    return bytes / (1024.0 * 1024.0);
  }

  private Metric metric(KnnFormat format, String name, double value) {
    return metric(format, format.label(), name, value);
  }

  private Metric metric(KnnFormat format, String task, String name, double value) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("format", format.label());
    detail.put("k", spec.k());
    detail.put("similarity", similarity.name().toLowerCase(java.util.Locale.ROOT));
    detail.put("forceMerged", spec.forceMerge() && !task.contains("-unmerged-"));
    String luceneFormat = formatNames.get(format);
    if (luceneFormat != null) {
      detail.put("luceneFormat", luceneFormat);
    }
    return KnnSpec.DEFINITION.measured(task, name, value, detail);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
