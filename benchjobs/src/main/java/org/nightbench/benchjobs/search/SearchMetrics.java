package org.nightbench.benchjobs.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.benchjobs.runner.WarmupGate;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;

/**
 * Turns timed rounds into metrics: per category {@code qps} = queries / sum of their median
 * latencies (robust to outliers), {@code qpsFastest} = queries / sum of their fastest latencies
 * (the least disturbed by a shared machine), {@code qpsCpu} = queries / sum of their median thread
 * CPU times (what a neighbour's load barely moves; excludes GC pauses and time spent waiting) and
 * {@code qpsLuceneutil} = the same measured latencies reduced as luceneutil's report reduces them
 * ({@link LuceneutilQps}; only with more than {@value LuceneutilQps#WARM_SKIP} measured rounds),
 * plus {@code all/warmupSec} and the round curve.
 */
final class SearchMetrics {

  static final String BENCHMARK = SearchBenchmark.BENCHMARK;

  private SearchMetrics() {}

  static List<Metric> of(TaskPlan plan, Rounds rounds, WarmupGate gate) {
    Map<String, List<Integer>> byCategory = new LinkedHashMap<>();
    for (int i = 0; i < plan.tasks().size(); i++) {
      byCategory.computeIfAbsent(plan.tasks().get(i).category(), k -> new ArrayList<>()).add(i);
    }
    List<Metric> metrics = new ArrayList<>();
    for (Map.Entry<String, List<Integer>> e : byCategory.entrySet()) {
      metrics.addAll(category(e.getKey(), e.getValue(), plan, rounds));
    }
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("warmupRounds", rounds.warmupRounds());
    detail.put("measuredRounds", gate.measuredRounds());
    detail.put("converged", rounds.warmupEnd().warm());
    detail.put("warmupEnd", rounds.warmupEnd().code());
    detail.put("warmupEndReason", rounds.warmupEnd().reason());
    detail.put("measuringRestarts", rounds.warmup().restarts());
    detail.put("warmupCpuSec", rounds.warmupCpuNanos() / 1e9);
    detail.put("jitCompileMsWarmup", rounds.warmupCompileMillis());
    detail.put("jitCompileMsMeasured", rounds.measuredCompileMillis());
    detail.put("backgroundCpuMsMeasured", rounds.measuredBackgroundCpuNanos() / 1e6);
    detail.put("jitIdleShare", WarmupGate.JIT_SHARE);
    detail.put("backgroundIdleShare", WarmupGate.BACKGROUND_SHARE);
    detail.put("jitQuietSec", WarmupGate.QUIET_SECONDS);
    detail.put("jitStillRounds", gate.stillRounds());
    detail.put("maxWarmupSec", gate.maxWarmupSec());
    detail.put("warmupTolerance", gate.tolerance());
    detail.put("warmupWindow", gate.window());
    detail.put("warmupJudgedOn", rounds.cpuSamples() == null ? "wall" : "cpu");
    detail.put("topHashBy", plan.hashesByKey() ? "id" : "docid");
    metrics.add(
        SearchSpec.DEFINITION.measured("all", "warmupSec", rounds.warmupNanos() / 1e9, detail));
    return metrics;
  }

  private static List<Metric> category(
      String category, List<Integer> idx, TaskPlan plan, Rounds rounds) {
    Sums sums = Sums.of(idx, plan, rounds);
    int queries = idx.size();
    List<Metric> out = new ArrayList<>();
    out.add(
        SearchSpec.DEFINITION.measured(category, "qps", qps(queries, sums.median), sums.detail));
    Map<String, Object> fastestDetail = new LinkedHashMap<>();
    fastestDetail.put("queries", queries);
    fastestDetail.put("fastestLatencyMs", sums.fastest / queries / 1e6);
    out.add(
        SearchSpec.DEFINITION.measured(
            category, "qpsFastest", qps(queries, sums.fastest), fastestDetail));
    if (rounds.cpuSamples() != null) {
      Map<String, Object> cpuDetail = new LinkedHashMap<>();
      cpuDetail.put("queries", queries);
      cpuDetail.put("medianCpuMs", sums.cpu / queries / 1e6);
      out.add(
          SearchSpec.DEFINITION.measured(category, "qpsCpu", qps(queries, sums.cpu), cpuDetail));
    }
    if (LuceneutilQps.enoughRuns(rounds.samples()[idx.get(0)].length)) {
      out.add(luceneutil(category, idx, plan, rounds));
    }
    return out;
  }

  /**
   * One category's queries added up in task order: the sums of their median, fastest and CPU
   * latencies, and the {@code qps} detail with every query's answer and latencies.
   */
  private record Sums(double median, double fastest, double cpu, Map<String, Object> detail) {

    static Sums of(List<Integer> idx, TaskPlan plan, Rounds rounds) {
      double medianSum = 0;
      double fastestSum = 0;
      double cpuSum = 0;
      long totalHits = 0;
      long[] medians = new long[idx.size()];
      List<Map<String, Object>> perQuery = new ArrayList<>();
      for (int k = 0; k < idx.size(); k++) {
        int i = idx.get(k);
        long[] ns = rounds.samples()[i];
        double median = WarmupGate.median(ns);
        medianSum += median;
        fastestSum += Arrays.stream(ns).min().orElseThrow();
        medians[k] = Math.round(median);
        totalHits += plan.outcomes().get(i).hits();
        Map<String, Object> q = query(plan, i, median);
        if (rounds.cpuSamples() != null) {
          double cpu = WarmupGate.median(rounds.cpuSamples()[i]);
          cpuSum += cpu;
          q.put("medianCpuMs", cpu / 1e6);
        }
        q.put("latenciesNs", ns);
        perQuery.add(q);
      }
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("queries", idx.size());
      detail.put("medianLatencyMs", WarmupGate.median(medians) / 1e6);
      detail.put("hits", totalHits);
      detail.put("perQuery", perQuery);
      return new Sums(medianSum, fastestSum, cpuSum, detail);
    }

    /** What the run page shows of one query: its text, its answer and its median latency. */
    private static Map<String, Object> query(TaskPlan plan, int i, double median) {
      Outcome o = plan.outcomes().get(i);
      Map<String, Object> q = new LinkedHashMap<>();
      q.put("query", plan.tasks().get(i).query());
      q.put("hits", o.hits());
      q.put("topHash", o.topHash());
      q.put("medianLatencyMs", median / 1e6);
      return q;
    }
  }

  /**
   * {@code qpsLuceneutil}: the measured rounds' latencies reduced as luceneutil's report does, so a
   * figure of its nightly pages has one here to compare with. A query listed twice in the category
   * is one query there.
   */
  private static Metric luceneutil(
      String category, List<Integer> idx, TaskPlan plan, Rounds rounds) {
    Map<String, List<Integer>> linesByQuery = new LinkedHashMap<>();
    for (int i : idx) {
      linesByQuery.computeIfAbsent(plan.tasks().get(i).query(), q -> new ArrayList<>()).add(i);
    }
    List<long[]> runs =
        linesByQuery.values().stream()
            .map(lines -> LuceneutilQps.runsInOrder(rounds.samples(), rounds.positions(), lines))
            .toList();
    double qps = LuceneutilQps.qps(runs);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("queries", runs.size());
    detail.put("warmSkip", LuceneutilQps.WARM_SKIP);
    detail.put("slowSkipPct", LuceneutilQps.SLOW_SKIP_PCT);
    detail.put("keptRunsPerQuery", LuceneutilQps.keptRuns(rounds.samples()[idx.get(0)].length));
    // luceneutil's avgMS: the mean of the queries' medians.
    detail.put("meanMedianLatencyMs", runs.size() / qps * 1e3);
    return SearchSpec.DEFINITION.measured(category, "qpsLuceneutil", qps, detail);
  }

  /** A query faster than the clock resolution would give an infinite QPS; floor at 1 ns. */
  private static double qps(int queries, double sumNanos) {
    return queries / (Math.max(sumNanos, 1) / 1e9);
  }

  /**
   * Round wall times, warm-up and measured rounds in separate columns, then the rounds' summed
   * thread CPU time (null without one) and the JIT's compilation time during the round (null where
   * the JVM does not report it): the run page shows where compilation stopped.
   */
  static Curve roundCurve(Rounds rounds) {
    List<List<Double>> rows = new ArrayList<>();
    for (int r = 0; r < rounds.roundNanos().size(); r++) {
      Double ms = rounds.roundNanos().get(r) / 1e6;
      Double cpuMs = rounds.roundCpuNanos().isEmpty() ? null : rounds.roundCpuNanos().get(r) / 1e6;
      List<Long> jit = rounds.compileMillis();
      Double jitMs = jit.isEmpty() ? null : (double) (jit.get(r + 1) - jit.get(r));
      boolean warm = r < rounds.warmupRounds();
      rows.add(Arrays.asList((double) r + 1, warm ? ms : null, warm ? null : ms, cpuMs, jitMs));
    }
    return new Curve(
        BENCHMARK,
        "all",
        "roundLatency",
        "round",
        List.of("warm-up round ms", "measured round ms", "round cpu ms", "JIT compile ms"),
        rows);
  }
}
