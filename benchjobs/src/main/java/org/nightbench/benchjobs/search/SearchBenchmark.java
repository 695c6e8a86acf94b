package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.WarmupGate;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * Times every runnable task of a task file in seeded rounds after a warm-up that lasts until round
 * times settle, and reports per category QPS from median and from fastest latencies, from median
 * CPU times and as luceneutil's report computes it, with each query's hits, top-hit hash and raw
 * latencies.
 */
public final class SearchBenchmark implements Benchmark<SearchSpec> {

  /** Benchmark name of every search metric. */
  public static final String BENCHMARK = SearchSpec.DEFINITION.series();

  /** Field queries default to, as in the generated tasks. */
  public static final String FIELD = TaskCompiler.FIELD;

  /** For the runner. */
  public SearchBenchmark() {}

  /**
   * Times the spec's task file against its index and reports per-category QPS, the warm-up curve
   * and a note per skipped category.
   */
  @Override
  public Report measure(SearchSpec spec, PrintStream log) throws Exception {
    if (spec.taskVectors() != null) {
      VectorQueries.use(QueryVectors.read(spec.taskVectors(), spec.dimension()));
    }
    Path tasks = spec.tasks();
    List<Task> taskList = TaskFileParser.parse(tasks);
    SearchReport report;
    try (Indexes.Opened index = Indexes.open(spec.indexDir(), spec.directory())) {
      report = run(index.reader(), taskList, tasks.toString(), spec, log);
    }
    // Categories the generator found no task for are skipped too: say so where skips are said.
    List<String> notes = new ArrayList<>(UngeneratedCategories.notes(tasks));
    notes.forEach(n -> log.println("search: " + n));
    notes.addAll(report.notes());
    return new Report(report.metrics(), report.curves(), notes);
  }

  /** A single-threaded searcher without query cache, as luceneutil measures. */
  public static IndexSearcher searcher(IndexReader reader) {
    IndexSearcher searcher = new IndexSearcher(reader);
    // Repeated queries must measure search, not cache hits.
    searcher.setQueryCache(null);
    return searcher;
  }

  /**
   * The runner's warm-up gate with the spec's rounds: at least {@code warmup} rounds, then {@code
   * repetitions - warmup} measured.
   */
  public static WarmupGate gate(SearchSpec spec) {
    return new WarmupGate(
        spec.warmup(),
        spec.repetitions() - spec.warmup(),
        spec.maxWarmupSec(),
        spec.warmupTolerance(),
        spec.warmupWindow());
  }

  /**
   * Runs {@code tasks} against {@code reader} with the spec's rounds, seed and hits (its index and
   * task file are not read); {@code tasksSource} names the task file in error messages about
   * unparsable queries.
   */
  public static SearchReport run(
      IndexReader reader,
      List<Task> tasks,
      String tasksSource,
      SearchSpec spec,
      PrintStream progress)
      throws IOException {
    IndexSearcher searcher = searcher(reader);
    WarmupGate gate = gate(spec);
    TaskPlan plan = TaskPlan.build(searcher, tasks, tasksSource, spec.topN());
    plan.notes().forEach(n -> progress.println("search: " + n));
    progress.printf(
        Locale.ROOT,
        "search: %d tasks, >= %d warm-up rounds (adaptive up to %.0f s), %d measured, maxDoc=%d%n",
        plan.tasks().size(),
        gate.minRounds(),
        gate.maxWarmupSec(),
        gate.measuredRounds(),
        reader.maxDoc());
    if (!LuceneutilQps.enoughRuns(gate.measuredRounds())) {
      progress.printf(
          Locale.ROOT,
          "search: no qpsLuceneutil: %d measured rounds, luceneutil's reduction drops each query's"
              + " first %d%n",
          gate.measuredRounds(),
          LuceneutilQps.WARM_SKIP);
    }
    long start = System.nanoTime();
    Rounds rounds = Rounds.run(searcher, plan.compiled(), gate, spec.seed(), progress);
    double totalSec = (System.nanoTime() - start) / 1e9;
    List<Metric> metrics = SearchMetrics.of(plan, rounds, gate);
    for (Metric m : metrics) {
      if (m.name().equals("qps")) {
        progress.printf(Locale.ROOT, "search: %-24s %10.1f QPS%n", m.task(), m.value());
      }
    }
    progress.printf(
        Locale.ROOT, "search: done in %.2f s (checksum %d)%n", totalSec, rounds.checksum());
    return new SearchReport(metrics, List.of(SearchMetrics.roundCurve(rounds)), plan.notes());
  }
}
