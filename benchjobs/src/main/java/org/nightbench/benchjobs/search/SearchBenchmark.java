package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.benchjobs.tasks.Task;

/**
 * Times every task's query {@code repetitions} times in one seeded interleaved order (as luceneutil
 * does, so JIT warm-up favours no category) and reports per category QPS = queries / sum of their
 * median latencies.
 */
public final class SearchBenchmark {

  /** Benchmark name of every search metric. */
  public static final String BENCHMARK = "search";

  /** Field queries default to, as in the generated tasks. */
  public static final String FIELD = "body";

  private SearchBenchmark() {}

  /**
   * Runs {@code tasks} against {@code reader}; {@code tasksSource} names the task file in error
   * messages about unparsable queries.
   */
  public static List<Metric> run(
      IndexReader reader,
      List<Task> tasks,
      String tasksSource,
      SearchSettings settings,
      PrintStream progress)
      throws IOException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("tasks " + tasksSource + " has no tasks");
    }
    IndexSearcher searcher = new IndexSearcher(reader);
    // luceneutil disables the query cache so repeated queries measure search, not cache hits.
    searcher.setQueryCache(null);
    Query[] queries = parseAll(tasks, tasksSource);

    long[] hits = new long[queries.length];
    for (int i = 0; i < queries.length; i++) {
      hits[i] = searcher.count(queries[i]);
    }

    List<Integer> schedule = new ArrayList<>(queries.length * settings.repetitions());
    for (int rep = 0; rep < settings.repetitions(); rep++) {
      for (int i = 0; i < queries.length; i++) {
        schedule.add(i);
      }
    }
    Collections.shuffle(schedule, new Random(settings.seed()));
    progress.printf(
        Locale.ROOT,
        "search: %d queries x %d repetitions (%d warm-up), maxDoc=%d%n",
        queries.length,
        settings.repetitions(),
        settings.warmup(),
        reader.maxDoc());

    long[][] nanos = new long[queries.length][settings.repetitions()];
    int[] done = new int[queries.length];
    long sink = 0;
    long start = System.nanoTime();
    for (int i : schedule) {
      long t0 = System.nanoTime();
      TopDocs td = searcher.search(queries[i], settings.topN());
      long t1 = System.nanoTime();
      nanos[i][done[i]++] = t1 - t0;
      // Consume the result so the JIT cannot treat the search as dead code.
      ScoreDoc[] sd = td.scoreDocs;
      sink += sd.length == 0 ? 0 : sd[0].doc + sd.length;
    }
    double totalSec = (System.nanoTime() - start) / 1e9;

    double[] medianMs = new double[queries.length];
    for (int i = 0; i < queries.length; i++) {
      long[] measured = Arrays.copyOfRange(nanos[i], settings.warmup(), settings.repetitions());
      medianMs[i] = median(measured) / 1e6;
    }
    List<Metric> metrics = toMetrics(tasks, hits, medianMs);
    for (Metric m : metrics) {
      progress.printf(Locale.ROOT, "search: %-12s %10.1f QPS%n", m.task(), m.value());
    }
    progress.printf(Locale.ROOT, "search: done in %.2f s (checksum %d)%n", totalSec, sink);
    return metrics;
  }

  private static Query[] parseAll(List<Task> tasks, String source) {
    Query[] out = new Query[tasks.size()];
    try (Analyzer analyzer = new StandardAnalyzer()) {
      for (int i = 0; i < out.length; i++) {
        Task t = tasks.get(i);
        // QueryParser is stateful; a fresh one per query keeps parsing independent of order.
        QueryParser parser = new QueryParser(FIELD, analyzer);
        try {
          out[i] = parser.parse(t.query());
        } catch (ParseException | RuntimeException e) {
          String msg = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
          throw new IllegalArgumentException(
              source
                  + (t.lineNumber() > 0 ? " line " + t.lineNumber() : "")
                  + ": cannot parse query '"
                  + t.query()
                  + "': "
                  + msg,
              e);
        }
      }
    }
    return out;
  }

  private static List<Metric> toMetrics(List<Task> tasks, long[] hits, double[] medianMs) {
    Map<String, List<Integer>> byCategory = new LinkedHashMap<>();
    for (int i = 0; i < tasks.size(); i++) {
      byCategory.computeIfAbsent(tasks.get(i).category(), k -> new ArrayList<>()).add(i);
    }
    List<Metric> metrics = new ArrayList<>();
    for (Map.Entry<String, List<Integer>> e : byCategory.entrySet()) {
      List<Integer> idx = e.getValue();
      double sumSec = 0;
      long totalHits = 0;
      long[] perQueryMedianNanos = new long[idx.size()];
      List<Map<String, Object>> perQuery = new ArrayList<>();
      for (int k = 0; k < idx.size(); k++) {
        int i = idx.get(k);
        sumSec += medianMs[i] / 1e3;
        totalHits += hits[i];
        perQueryMedianNanos[k] = Math.round(medianMs[i] * 1e6);
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("query", tasks.get(i).query());
        q.put("hits", hits[i]);
        q.put("medianLatencyMs", medianMs[i]);
        perQuery.add(q);
      }
      // A query faster than the clock resolution would give an infinite QPS; floor at 1 ns.
      double qps = idx.size() / Math.max(sumSec, 1e-9);
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("queries", idx.size());
      detail.put("medianLatencyMs", median(perQueryMedianNanos) / 1e6);
      detail.put("hits", totalHits);
      detail.put("perQuery", perQuery);
      metrics.add(new Metric(BENCHMARK, e.getKey(), "qps", "queries/s", true, qps, detail));
    }
    return metrics;
  }

  static double median(long[] values) {
    long[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  }
}
