package org.nightbench.benchjobs.coldsearch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.search.CompiledTask;
import org.nightbench.benchjobs.search.TaskCompiler;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.benchjobs.search.UnsupportedTaskException;
import org.nightbench.benchjobs.vectors.VectorTaskTexts;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * The first queries after the OS file cache is dropped, against the same queries once the cache is
 * warm again. The JIT is warmed first on the same queries and the index closed before the cache is
 * dropped (mapped pages in use are not dropped), so what differs between the two timings is where
 * the index's bytes come from: the disk or RAM. One query per task category, in the file's order.
 */
public final class ColdSearchBenchmark implements Benchmark<ColdSearchSpec> {

  /** Benchmark name of the metrics. */
  public static final String BENCHMARK = ColdSearchSpec.DEFINITION.series();

  /** The task of the metrics. */
  static final String TASK = "search";

  /** Warm passes after the cold one; each query's fastest counts. */
  static final int WARM_PASSES = 3;

  /** For the runner. */
  public ColdSearchBenchmark() {}

  @Override
  public Report measure(ColdSearchSpec spec, PrintStream log) throws IOException {
    Indexes.open(spec.indexDir()).close(); // one-line errors for a missing or empty index
    return run(
        spec.indexDir(),
        TaskFileParser.parse(spec.tasks()),
        spec.tasks().toString(),
        spec.queries(),
        spec.warmupRounds(),
        spec.dropCaches(),
        log);
  }

  /** The queries chosen, one per category, and the notes of the tasks that cannot run. */
  private record Chosen(List<Task> tasks, List<String> notes) {}

  /**
   * @param queries at most this many queries, one per category
   * @param warmupRounds untimed rounds over the queries before the cache is dropped, for the JIT
   * @param dropCaches Linux's drop_caches file (another path in tests)
   */
  public static Report run(
      Path indexDir,
      List<Task> tasks,
      String tasksSource,
      int queries,
      int warmupRounds,
      Path dropCaches,
      PrintStream progress)
      throws IOException {
    PageCache cache = new PageCache(dropCaches);
    String whyNot = cache.whyNot();
    if (whyNot != null) {
      String note = "cold page cache search: skipped, " + whyNot;
      progress.println(note);
      return Report.skipped(note);
    }
    Chosen chosen = warmUp(indexDir, tasks, tasksSource, queries, warmupRounds);
    List<String> notes = chosen.notes();
    cache.drop();
    long t0 = System.nanoTime();
    try (Directory dir = FSDirectory.open(indexDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      double openMs = (System.nanoTime() - t0) / 1e6;
      IndexSearcher searcher = searcher(reader);
      // Compiling reads a little (the ids' doc values, a spell checker's terms): untimed, as a
      // server would have done it at startup.
      List<CompiledTask> compiled = compile(reader, chosen.tasks());
      double[] cold = time(compiled, searcher);
      // The cold pass happens once; the warm one is repeatable, so each query's fastest of a few
      // counts and a scheduler hiccup on a busy box does not pass for the page cache.
      double[] warm = time(compiled, searcher);
      for (int pass = 1; pass < WARM_PASSES; pass++) {
        double[] again = time(compiled, searcher);
        for (int i = 0; i < warm.length; i++) {
          warm[i] = Math.min(warm[i], again[i]);
        }
      }
      progress.printf(
          Locale.ROOT,
          "cold-search: open %.1f ms, %d queries cold %.2f ms, warm %.2f ms on average"
              + " (checksum %d)%n",
          openMs,
          compiled.size(),
          mean(cold),
          mean(warm),
          checksum);
      return Report.of(
          metrics(chosen.tasks(), openMs, cold, warm, warmupRounds, dropCaches), notes);
    }
  }

  /**
   * Chooses one query per category and runs them {@code warmupRounds} times, untimed, so the JIT
   * has compiled them before the cache is dropped.
   */
  private static Chosen warmUp(
      Path indexDir, List<Task> tasks, String tasksSource, int queries, int warmupRounds)
      throws IOException {
    List<Task> chosen;
    List<String> notes;
    try (Directory dir = FSDirectory.open(indexDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = searcher(reader);
      // vector// tasks need query vectors only the search JVMs are given, and KNN is timed on its
      // own; leaving them out here keeps the run's notes from saying they were skipped.
      List<Task> textTasks =
          tasks.stream()
              .filter(t -> !t.query().strip().startsWith(VectorTaskTexts.PREFIX))
              .toList();
      TaskPlan plan = TaskPlan.build(searcher, textTasks, tasksSource, 10);
      notes = new ArrayList<>(plan.notes());
      chosen = onePerCategory(plan, queries);
      List<CompiledTask> compiled = compile(reader, chosen);
      for (int r = 0; r < warmupRounds; r++) {
        for (CompiledTask c : compiled) {
          c.run(searcher);
        }
      }
    }
    return new Chosen(chosen, notes);
  }

  private static List<Metric> metrics(
      List<Task> chosen,
      double openMs,
      double[] cold,
      double[] warm,
      int warmupRounds,
      Path dropCaches) {
    Map<String, Object> detail = new LinkedHashMap<>();
    List<Map<String, Object>> perQuery = new ArrayList<>();
    for (int i = 0; i < chosen.size(); i++) {
      Map<String, Object> q = new LinkedHashMap<>();
      q.put("category", chosen.get(i).category());
      q.put("query", chosen.get(i).query());
      q.put("coldMs", cold[i]);
      q.put("warmMs", warm[i]);
      perQuery.add(q);
    }
    detail.put("queries", perQuery);
    detail.put("warmupRounds", warmupRounds);
    detail.put("warm", "fastest of " + WARM_PASSES + " passes after the cold one");
    detail.put("dropped", dropCaches.toString());
    List<Metric> metrics = new ArrayList<>();
    metrics.add(ColdSearchSpec.DEFINITION.measured(TASK, "openMs", openMs, detail));
    metrics.add(ColdSearchSpec.DEFINITION.measured(TASK, "firstQueryMs", cold[0], detail));
    metrics.add(ColdSearchSpec.DEFINITION.measured(TASK, "coldQueryMs", mean(cold), detail));
    metrics.add(ColdSearchSpec.DEFINITION.measured(TASK, "warmQueryMs", mean(warm), detail));
    return metrics;
  }

  private static IndexSearcher searcher(DirectoryReader reader) {
    IndexSearcher searcher = new IndexSearcher(reader);
    // The second pass must find the pages warm, not the answers cached.
    searcher.setQueryCache(null);
    return searcher;
  }

  private static List<Task> onePerCategory(TaskPlan plan, int queries) {
    Set<String> seen = new LinkedHashSet<>();
    List<Task> chosen = new ArrayList<>();
    for (Task t : plan.tasks()) {
      if (chosen.size() < queries && seen.add(t.category())) {
        chosen.add(t);
      }
    }
    return chosen;
  }

  private static List<CompiledTask> compile(DirectoryReader reader, List<Task> tasks)
      throws IOException {
    List<CompiledTask> compiled = new ArrayList<>();
    try (TaskCompiler compiler = new TaskCompiler(reader, 10)) {
      for (Task t : tasks) {
        try {
          compiled.add(compiler.compile(t));
        } catch (UnsupportedTaskException e) {
          // It compiled against the same index a moment ago.
          throw new IllegalStateException("task " + t + " no longer compiles: " + e.getMessage());
        }
      }
    }
    return compiled;
  }

  private static long checksum;

  private static double[] time(List<CompiledTask> compiled, IndexSearcher searcher)
      throws IOException {
    double[] ms = new double[compiled.size()];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      checksum += compiled.get(i).run(searcher);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    return ms;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
