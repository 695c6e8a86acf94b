package org.nightbench.benchjobs.calibration;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Times the calibration workload: warm-up rounds, then measured rounds, reported as medians so a
 * single hiccup does not move the score.
 */
public final class Calibration implements Benchmark<CalibrateSpec> {

  public static final String BENCHMARK = CalibrateSpec.DEFINITION.series();
  public static final String TASK = CalibrateSpec.TASK;
  private static final long SEED = 20260101L;

  /** For the runner. */
  public Calibration() {}

  @Override
  public Report measure(CalibrateSpec spec, PrintStream log) throws IOException {
    return Report.of(run(spec.rounds(), spec.warmupRounds(), spec.memoryMb(), log));
  }

  /** The machine is measured, not Lucene: the result names none, and none is loaded. */
  @Override
  public boolean readsLucene() {
    return false;
  }

  /** Checks that {@code memoryMb} fits the heap with room for the CPU arrays, before allocating. */
  public static void checkFits(int memoryMb, long maxHeapBytes) {
    if (memoryMb < 1) {
      throw new IllegalArgumentException("--memory-mb must be at least 1, not " + memoryMb);
    }
    long maxMb = maxHeapBytes / (1024 * 1024);
    // The walk's array plus the CPU arrays and headroom for the JVM itself.
    if (memoryMb + 32 > maxMb * 0.8) {
      throw new IllegalArgumentException(
          "--memory-mb " + memoryMb + " does not fit in the heap (max " + maxMb + " MB)");
    }
  }

  public static List<Metric> run(int rounds, int warmupRounds, int memoryMb, PrintStream progress)
      throws IOException {
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1, not " + rounds);
    }
    if (warmupRounds < 0) {
      throw new IllegalArgumentException("--warmup-rounds must be >= 0, not " + warmupRounds);
    }
    checkFits(memoryMb, Runtime.getRuntime().maxMemory());
    CalibrationWorkload workload = new CalibrationWorkload(memoryMb, SEED);
    long[] checksum = {0};
    double[] cpu = new double[rounds];
    double[] memory = new double[rounds];
    double[] seconds = new double[rounds];
    List<Map<String, Object>> perRound = new ArrayList<>();
    CalibrationWorkload.Round[] latest = new CalibrationWorkload.Round[1];
    // The runner's fixed warm-up: the spec's warm-up rounds, then the measured ones.
    RoundRunner.fixed(
        warmupRounds,
        rounds,
        () -> {
          latest[0] = workload.run();
          checksum[0] ^= latest[0].checksum();
        },
        i -> {
          CalibrationWorkload.Round round = latest[0];
          cpu[i] = workload.cpuUnits() / round.cpuSeconds() / 1e6;
          memory[i] = workload.memoryUnits() / round.memorySeconds() / 1e6;
          seconds[i] = round.seconds();
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("cpuSeconds", round.cpuSeconds());
          row.put("memorySeconds", round.memorySeconds());
          perRound.add(row);
        });
    double cpuScore = median(cpu);
    double memoryScore = median(memory);
    // The geometric mean weighs a 10 % loss of either part the same.
    double score = Math.sqrt(cpuScore * memoryScore);
    double cv = 100 * stddev(seconds) / mean(seconds);
    progress.printf(
        Locale.ROOT,
        "calibration: score %.2f (cpu %.2f M elements/s, memory %.2f M loads/s), round CV %.1f%%,"
            + " checksum %x%n",
        score,
        cpuScore,
        memoryScore,
        cv,
        checksum[0]);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("rounds", rounds);
    detail.put("warmupRounds", warmupRounds);
    detail.put("memoryMb", memoryMb);
    detail.put("perRound", perRound);
    return List.of(
        metric("score", score, detail),
        metric("cpuScore", cpuScore, Map.of()),
        metric("memoryScore", memoryScore, Map.of()),
        metric("roundCv", cv, Map.of()));
  }

  private static Metric metric(String name, double value, Map<String, Object> detail) {
    return CalibrateSpec.DEFINITION.measured(TASK, name, value, detail);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).average().orElse(0);
  }

  private static double stddev(double[] values) {
    if (values.length < 2) {
      return 0;
    }
    double mean = mean(values);
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    return Math.sqrt(squares / (values.length - 1));
  }
}
