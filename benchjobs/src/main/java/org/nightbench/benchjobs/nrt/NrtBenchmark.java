package org.nightbench.benchjobs.nrt;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LiveIds;
import org.nightbench.benchjobs.indexing.TaxonomyIndex;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * Replaces random existing documents at a fixed rate on a copy of an index, refreshes a
 * SearcherManager every interval and times each refresh, while search threads query it. Deletes by
 * id must be resolved across all segments at every refresh: that, and flushing the new segments, is
 * what a reopen costs.
 */
public final class NrtBenchmark implements Benchmark<NrtSpec> {

  public static final String BENCHMARK = NrtSpec.DEFINITION.series();

  /** Corpus lines kept in memory for the replacement documents; they are reused in turn. */
  private static final int LINES = 20_000;

  /** The measurement: metrics, the reopen and search curves, notes for the run page. */
  public record Result(List<Metric> metrics, List<Curve> curves, List<String> notes) {}

  /** For the runner. */
  public NrtBenchmark() {}

  @Override
  public Report measure(NrtSpec spec, PrintStream log) throws Exception {
    if (spec.searchThreads() > 0 && spec.tasks() == null) {
      throw new IllegalArgumentException(
          "--tasks is needed for --search-threads " + spec.searchThreads());
    }
    List<Task> queries = spec.tasks() == null ? List.of() : TaskFileParser.parse(spec.tasks());
    Indexes.open(spec.indexDir()).close(); // one-line errors for a missing or empty index
    Result result =
        run(
            spec.indexDir(),
            spec.workDir(),
            spec.corpus(),
            queries,
            String.valueOf(spec.tasks()),
            spec,
            log);
    return new Report(result.metrics(), result.curves(), result.notes());
  }

  static Result run(
      Path indexDir,
      Path workDir,
      Path corpus,
      List<Task> tasks,
      String tasksSource,
      NrtSpec settings,
      PrintStream progress)
      throws IOException, InterruptedException {
    deleteRecursively(workDir);
    Path copy = workDir.resolve("index");
    Files.createDirectories(copy);
    try {
      // Updates must never touch the index other benchmarks read.
      copyIndexFiles(indexDir, copy);
      Path taxonomy = TaxonomyIndex.dirOf(indexDir);
      if (Files.isDirectory(taxonomy)) {
        copyIndexFiles(taxonomy, TaxonomyIndex.dirOf(copy));
      }
      return measure(copy, indexDir.toString(), corpus, tasks, tasksSource, settings, progress);
    } finally {
      deleteRecursively(workDir);
    }
  }

  private static void copyIndexFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Directory source = FSDirectory.open(from)) {
      for (String file : source.listAll()) {
        Path p = from.resolve(file);
        if (!file.equals(IndexWriter.WRITE_LOCK_NAME) && Files.isRegularFile(p)) {
          Files.copy(p, to.resolve(file));
        }
      }
    }
  }

  /** The copy's taxonomy, so updated documents carry every facet dimension; null if none. */
  private static TaxonomyIndex openTaxonomy(Path index) throws IOException {
    Path dir = TaxonomyIndex.dirOf(index);
    if (!Files.isDirectory(dir)) {
      return null;
    }
    return TaxonomyIndex.open(FSDirectory.open(dir), false);
  }

  private static Result measure(
      Path index,
      String indexName,
      Path corpus,
      List<Task> tasks,
      String tasksSource,
      NrtSpec settings,
      PrintStream progress)
      throws IOException, InterruptedException {
    List<String> notes = new ArrayList<>();
    List<LineDoc> lines = readLines(corpus);
    Query[] queries = parse(tasks, tasksSource, notes);
    if (settings.searchThreads() > 0 && queries.length == 0) {
      throw new IllegalArgumentException("no query in " + tasksSource + " can be parsed");
    }
    try (Directory dir = FSDirectory.open(index)) {
      long[] ids;
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        ids = LiveIds.read(reader, indexName);
      }
      IndexWriterConfig config =
          new IndexWriterConfig(new StandardAnalyzer())
              .setOpenMode(IndexWriterConfig.OpenMode.APPEND)
              .setRAMBufferSizeMB(settings.ramBufferMb());
      ConcurrentMergeScheduler merges = new ConcurrentMergeScheduler();
      if (settings.variant().equals("throttled")) {
        merges.setForceMergeMBPerSec(settings.mergeMbPerSec());
      }
      config.setMergeScheduler(merges);
      if (settings.maxFullFlushMergeWaitMs() != null) {
        config.setMaxFullFlushMergeWaitMillis(settings.maxFullFlushMergeWaitMs());
      }
      long mergeWait = config.getMaxFullFlushMergeWaitMillis();
      IndexWriter writer = new IndexWriter(dir, config);
      try (TaxonomyIndex taxonomy = openTaxonomy(index)) {
        return measure(writer, taxonomy, ids, lines, queries, settings, mergeWait, notes, progress);
      } finally {
        // Nothing of the copy is kept; rollback also aborts a forced merge still running.
        writer.rollback();
      }
    }
  }

  /**
   * The run's clock and what its threads share: the warm-up ends at {@code measuredFrom}, the run
   * at {@code end}; the threads stop at {@code stop} and leave the first failure in {@code
   * failure}.
   */
  private record Live(
      long start,
      long measuredFrom,
      long end,
      int secondsTotal,
      AtomicBoolean stop,
      AtomicReference<Throwable> failure,
      AtomicLong updates,
      AtomicLongArray searchesPerSecond) {

    static Live starting(NrtSpec settings) {
      long start = System.nanoTime();
      long measuredFrom = start + seconds(settings.warmupSeconds());
      long end = measuredFrom + seconds(settings.durationSeconds());
      int secondsTotal = (int) Math.ceil((end - start) / 1e9) + 2;
      return new Live(
          start,
          measuredFrom,
          end,
          secondsTotal,
          new AtomicBoolean(),
          new AtomicReference<>(),
          new AtomicLong(),
          new AtomicLongArray(secondsTotal));
    }
  }

  private static Result measure(
      IndexWriter writer,
      TaxonomyIndex taxonomy,
      long[] ids,
      List<LineDoc> lines,
      Query[] queries,
      NrtSpec settings,
      long mergeWait,
      List<String> notes,
      PrintStream progress)
      throws IOException, InterruptedException {
    SearcherManager manager = new SearcherManager(writer, true, false, null);
    Live live = Live.starting(settings);
    List<Thread> threads = new ArrayList<>();
    threads.add(updater(writer, taxonomy, ids, lines, settings, live));
    for (int t = 0; t < settings.searchThreads(); t++) {
      threads.add(searcher(t, manager, queries, settings, live));
    }
    if (!settings.variant().equals("plain")) {
      // The large merge the nightly's NRT test lets run beside the updates.
      threads.add(worker("nrt-force-merge", live.failure(), () -> writer.forceMerge(1)));
    }
    threads.forEach(Thread::start);

    Histogram reopens = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    List<List<Double>> reopenRows = new ArrayList<>();
    try {
      reopen(manager, settings, live, reopens, reopenRows);
    } finally {
      live.stop().set(true);
      for (Thread thread : threads) {
        if (!thread.getName().equals("nrt-force-merge")) {
          thread.join();
        }
      }
      manager.close();
    }
    Throwable failed = live.failure().get();
    if (failed != null) {
      throw new IllegalStateException(
          "NRT " + failed.getClass().getSimpleName() + ": " + failed.getMessage(), failed);
    }
    if (reopens.getTotalCount() == 0) {
      throw new IllegalArgumentException(
          "no reopen in the measured "
              + settings.durationSeconds()
              + " s: --reopen-interval-ms is longer than the run");
    }
    return result(settings, mergeWait, reopens, reopenRows, live, notes, progress);
  }

  /** Reopens every {@code reopenIntervalMs} until the end, timing the reopens after the warm-up. */
  private static void reopen(
      SearcherManager manager,
      NrtSpec settings,
      Live live,
      Histogram reopens,
      List<List<Double>> reopenRows)
      throws IOException {
    long start = live.start();
    long measuredFrom = live.measuredFrom();
    long end = live.end();
    long interval = (long) (settings.reopenIntervalMs() * 1e6);
    for (long k = 1; live.failure().get() == null; k++) {
      long due = start + k * interval;
      if (due >= end) {
        break;
      }
      sleepUntil(due);
      long t0 = System.nanoTime();
      manager.maybeRefreshBlocking();
      long took = System.nanoTime() - t0;
      if (t0 >= measuredFrom) {
        reopens.recordValue(Math.min(took, reopens.getHighestTrackableValue()));
        reopenRows.add(List.of((t0 - start) / 1e9, took / 1e6));
      }
    }
  }

  /**
   * Replaces a random document {@code updateRate} times a second until the end, counting the
   * updates made after the warm-up.
   */
  private static Thread updater(
      IndexWriter writer,
      TaxonomyIndex taxonomy,
      long[] ids,
      List<LineDoc> lines,
      NrtSpec settings,
      Live live) {
    // Locals, as before the split: the loop reads no field of the record.
    long start = live.start();
    long measuredFrom = live.measuredFrom();
    long end = live.end();
    AtomicBoolean stop = live.stop();
    AtomicLong updates = live.updates();
    return worker(
        "nrt-updater",
        live.failure(),
        () -> {
          SplittableRandom random = new SplittableRandom(settings.seed());
          long gap = (long) (1e9 / settings.updateRate());
          for (long k = 0; !stop.get(); k++) {
            long due = start + k * gap;
            if (due >= end) {
              return;
            }
            sleepUntil(due);
            long id = ids[random.nextInt(ids.length)];
            writer.updateDocument(
                new Term(BenchmarkDocuments.ID, Long.toString(id)),
                BenchmarkDocuments.build(id, lines.get((int) (k % lines.size())), taxonomy));
            if (due >= measuredFrom) {
              updates.incrementAndGet();
            }
          }
        });
  }

  /**
   * Search thread {@code t}: random queries on the latest reopened searcher, counted per second.
   */
  private static Thread searcher(
      int t, SearcherManager manager, Query[] queries, NrtSpec settings, Live live) {
    long start = live.start();
    int secondsTotal = live.secondsTotal();
    AtomicBoolean stop = live.stop();
    AtomicLongArray searchesPerSecond = live.searchesPerSecond();
    return worker(
        "nrt-search-" + t,
        live.failure(),
        () -> {
          SplittableRandom random = new SplittableRandom(settings.seed() * 31 + t);
          while (!stop.get()) {
            IndexSearcher searcher = manager.acquire();
            try {
              searcher.search(queries[random.nextInt(queries.length)], 10);
            } finally {
              manager.release(searcher);
            }
            int second = (int) ((System.nanoTime() - start) / 1_000_000_000L);
            if (second < secondsTotal) {
              searchesPerSecond.incrementAndGet(second);
            }
          }
        });
  }

  private static Result result(
      NrtSpec settings,
      long mergeWait,
      Histogram reopens,
      List<List<Double>> reopenRows,
      Live live,
      List<String> notes,
      PrintStream progress) {
    double duration = settings.durationSeconds();
    double updatesPerSec = live.updates().get() / duration;
    if (updatesPerSec < 0.9 * settings.updateRate()) {
      notes.add(
          String.format(
              Locale.ROOT,
              "NRT %s: only %.0f of the %.0f updates/s asked for were made",
              settings.variant(),
              updatesPerSec,
              settings.updateRate()));
    }
    List<List<Double>> qpsRows = new ArrayList<>();
    double searchQps =
        searchQps(live.searchesPerSecond(), live.start(), live.measuredFrom(), live.end(), qpsRows);
    String task = settings.variant();
    List<Metric> metrics =
        metrics(task, reopens, updatesPerSec, searchQps, detail(settings, mergeWait));
    progress.printf(
        Locale.ROOT,
        "nrt %s: %d reopens, p50 %.1f p99 %.1f max %.1f ms; %.0f updates/s, %.0f searches/s;"
            + " full-flush merge wait %d ms%n",
        task,
        reopens.getTotalCount(),
        reopens.getValueAtPercentile(50) / 1e6,
        reopens.getValueAtPercentile(99) / 1e6,
        reopens.getMaxValue() / 1e6,
        updatesPerSec,
        searchQps,
        mergeWait);
    return new Result(metrics, curves(task, reopenRows, qpsRows), notes);
  }

  /**
   * Searches per second over the whole seconds after the warm-up, each second a row of {@code
   * rows}; 0 when none was whole.
   */
  private static double searchQps(
      AtomicLongArray searchesPerSecond,
      long start,
      long measuredFrom,
      long end,
      List<List<Double>> rows) {
    long searches = 0;
    int first = (int) Math.ceil((measuredFrom - start) / 1e9);
    int last = (int) ((end - start) / 1_000_000_000L);
    for (int second = first; second < last; second++) {
      long count = searchesPerSecond.get(second);
      searches += count;
      rows.add(List.of((double) second, (double) count));
    }
    return last > first ? searches / (double) (last - first) : 0;
  }

  /** The settings the run measured with, kept beside the first metric. */
  private static Map<String, Object> detail(NrtSpec settings, long mergeWait) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("variant", settings.variant());
    detail.put("updateRate", settings.updateRate());
    detail.put("reopenIntervalMs", settings.reopenIntervalMs());
    detail.put("searchThreads", settings.searchThreads());
    detail.put("maxFullFlushMergeWaitMs", mergeWait);
    if (settings.variant().equals("throttled")) {
      detail.put("mergeMbPerSec", settings.mergeMbPerSec());
    }
    return detail;
  }

  private static List<Metric> metrics(
      String task,
      Histogram reopens,
      double updatesPerSec,
      double searchQps,
      Map<String, Object> detail) {
    return List.of(
        ms(task, "reopenMeanMs", reopens.getMean(), detail),
        ms(task, "reopenP50Ms", reopens.getValueAtPercentile(50), Map.of()),
        ms(task, "reopenP90Ms", reopens.getValueAtPercentile(90), Map.of()),
        ms(task, "reopenP99Ms", reopens.getValueAtPercentile(99), Map.of()),
        ms(task, "reopenMaxMs", reopens.getMaxValue(), Map.of()),
        NrtSpec.DEFINITION.measured(task, "reopens", reopens.getTotalCount(), Map.of()),
        NrtSpec.DEFINITION.measured(task, "updatesPerSec", updatesPerSec, Map.of()),
        NrtSpec.DEFINITION.measured(task, "searchQps", searchQps, Map.of()));
  }

  private static List<Curve> curves(
      String task, List<List<Double>> reopenRows, List<List<Double>> qpsRows) {
    return List.of(
        new Curve(
            BENCHMARK,
            task,
            "reopenLatency",
            "seconds since start",
            List.of("reopen ms"),
            reopenRows),
        new Curve(
            BENCHMARK, task, "searchQps", "seconds since start", List.of("searches/s"), qpsRows));
  }

  private static Metric ms(String task, String name, double nanos, Map<String, Object> detail) {
    return NrtSpec.DEFINITION.measured(task, name, nanos / 1e6, detail);
  }

  /** Runs {@code body} on a daemon thread; its first failure stops the measurement. */
  private static Thread worker(String name, AtomicReference<Throwable> failure, Body body) {
    Thread thread =
        new Thread(
            () -> {
              try {
                body.run();
              } catch (Throwable t) {
                // A rollback at the end aborts the forced merge: that is not a failure.
                if (!name.equals("nrt-force-merge")) {
                  failure.compareAndSet(null, t);
                }
              }
            },
            name);
    thread.setDaemon(true);
    return thread;
  }

  @FunctionalInterface
  private interface Body {
    void run() throws Exception;
  }

  private static List<LineDoc> readLines(Path corpus) throws IOException {
    List<LineDoc> lines = new ArrayList<>();
    try (LineDocsReader reader = LineDocsReader.open(corpus)) {
      for (LineDoc line; lines.size() < LINES && (line = reader.next()) != null; ) {
        lines.add(line);
      }
    }
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("corpus " + corpus + " has no documents");
    }
    return Collections.unmodifiableList(lines);
  }

  private static Query[] parse(List<Task> tasks, String source, List<String> notes) {
    QueryParser parser = new QueryParser(BenchmarkDocuments.BODY, new StandardAnalyzer());
    List<Query> queries = new ArrayList<>();
    int skipped = 0;
    for (Task task : tasks) {
      try {
        queries.add(parser.parse(task.query()));
      } catch (ParseException | RuntimeException e) {
        skipped++;
      }
    }
    if (skipped > 0) {
      notes.add(
          "NRT searches skip "
              + skipped
              + " queries of "
              + source
              + " the query parser cannot read");
    }
    return queries.toArray(Query[]::new);
  }

  private static void sleepUntil(long nanoTime) {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  private static long seconds(double seconds) {
    return (long) (seconds * 1e9);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(
              path -> {
                try {
                  Files.delete(path);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
