package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.WarmupGate;
import org.nightbench.protocol.BareLoopSpec;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * Measures what the timing loop itself costs: the same rounds as the search benchmark, once with
 * the real tasks and once with tasks that do nothing, so a category's QPS can be read knowing how
 * much of each latency is harness ({@code overhead/<category>/emptyLoopNs} and {@code
 * percentOfQuery}).
 */
public final class BareLoop implements Benchmark<BareLoopSpec> {

  /** Benchmark name of every bare-loop metric. */
  public static final String BENCHMARK = "overhead";

  /** For the runner. */
  public BareLoop() {}

  @Override
  public Report measure(BareLoopSpec spec, PrintStream log) throws Exception {
    WarmupGate gate = WarmupGate.fixed(spec.warmup(), spec.repetitions() - spec.warmup());
    try (Indexes.Opened index = Indexes.open(spec.indexDir())) {
      return Report.of(
          run(
              index.reader(),
              TaskFileParser.parse(spec.tasks()),
              spec.tasks().toString(),
              gate,
              spec.seed(),
              log));
    }
  }

  public static List<Metric> run(
      IndexReader reader,
      List<Task> tasks,
      String tasksSource,
      WarmupGate gate,
      long seed,
      PrintStream progress)
      throws IOException {
    IndexSearcher searcher = SearchBenchmark.searcher(reader);
    TaskPlan plan = TaskPlan.build(searcher, tasks, tasksSource, 10);
    // Real tasks first: the shared call site is then megamorphic, as in a search JVM.
    Rounds real = Rounds.run(searcher, plan.compiled(), gate, seed, progress);
    List<CompiledTask> empty = new ArrayList<>();
    for (int i = 0; i < plan.compiled().size(); i++) {
      empty.add(new EmptyTask(i));
    }
    Rounds bare = Rounds.run(searcher, empty, gate, seed, progress);
    return metrics(plan, real, bare, progress);
  }

  /** Per category, the empty loop's median nanoseconds and their share of the real query's. */
  private static List<Metric> metrics(
      TaskPlan plan, Rounds real, Rounds bare, PrintStream progress) {
    Map<String, List<Integer>> byCategory = new LinkedHashMap<>();
    for (int i = 0; i < plan.tasks().size(); i++) {
      byCategory.computeIfAbsent(plan.tasks().get(i).category(), k -> new ArrayList<>()).add(i);
    }
    List<Metric> metrics = new ArrayList<>();
    long[] allEmpty = new long[plan.tasks().size()];
    for (Map.Entry<String, List<Integer>> e : byCategory.entrySet()) {
      double emptySum = 0;
      double realSum = 0;
      for (int i : e.getValue()) {
        double emptyMedian = WarmupGate.median(bare.samples()[i]);
        allEmpty[i] = Math.round(emptyMedian);
        emptySum += emptyMedian;
        realSum += WarmupGate.median(real.samples()[i]);
      }
      Map<String, Object> detail = Map.of("queries", e.getValue().size());
      double emptyNs = emptySum / e.getValue().size();
      double percent = 100 * emptySum / Math.max(realSum, 1);
      metrics.add(metric(e.getKey(), "emptyLoopNs", "ns", emptyNs, detail));
      metrics.add(metric(e.getKey(), "percentOfQuery", "%", percent, detail));
      progress.printf(
          Locale.ROOT, "bare-loop: %-24s %8.0f ns %8.3f %%%n", e.getKey(), emptyNs, percent);
    }
    metrics.add(
        metric(
            "all",
            "emptyLoopNs",
            "ns",
            WarmupGate.median(allEmpty),
            Map.of("queries", allEmpty.length, "checksum", real.checksum() + bare.checksum())));
    if (bare.cpuSamples() != null) {
      // What reading the thread's CPU clock adds around every timed call (outside wall times).
      long[] cpu = new long[allEmpty.length];
      for (int i = 0; i < cpu.length; i++) {
        cpu[i] = Math.round(WarmupGate.median(bare.cpuSamples()[i]));
      }
      metrics.add(
          metric(
              "all",
              "emptyLoopCpuNs",
              "ns",
              WarmupGate.median(cpu),
              Map.of("queries", cpu.length)));
    }
    return metrics;
  }

  private static Metric metric(
      String task, String name, String unit, double value, Map<String, Object> detail) {
    return new Metric(BENCHMARK, task, name, unit, false, value, detail);
  }

  /** Does nothing but return something the loop must add up. */
  private record EmptyTask(int id) implements CompiledTask {
    @Override
    public long run(IndexSearcher searcher) {
      return id;
    }

    @Override
    public Outcome check(IndexSearcher searcher) {
      return new Outcome(0, "");
    }
  }
}
