package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Offers queries at rising rates (Poisson arrivals, an open-loop client) and records latency
 * percentiles and the capacity they imply. A profile's {@code load} section is this record without
 * the index, tasks, Directory and seed, which the run supplies ({@link #on}).
 *
 * @param indexDir the index
 * @param tasks the task file
 * @param directory {@code mmap} or {@code bytebuffers}
 * @param threads server threads answering queries
 * @param startQps the first step's target rate
 * @param stepFactor each step's rate over the previous one's
 * @param maxSteps steps at most
 * @param stepSeconds length of each step
 * @param warmupSeconds time at the first rate before measuring
 * @param p99LimitMs capacity is the highest target rate whose p99 stays under this
 * @param seed arrival and query order seed
 * @param categories task categories to send; null for all
 */
public record LoadSpec(
    @Required Path indexDir,
    @Required Path tasks,
    String directory,
    Integer threads,
    Double startQps,
    Double stepFactor,
    Integer maxSteps,
    Double stepSeconds,
    Double warmupSeconds,
    Double p99LimitMs,
    Long seed,
    List<String> categories)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "load",
          LoadSpec.class,
          "org.nightbench.benchjobs.load.LoadSweep",
          50,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "load",
          "load",
          "Response time under load",
          "response time under load",
          List.of(
              higherIsBetter("capacityQps", "queries/s"),
              lowerIsBetter("p50Ms", "ms"),
              lowerIsBetter("p99Ms", "ms"),
              lowerIsBetter("p999Ms", "ms"),
              lowerIsBetter("gcPauseMs", "ms")));

  // Where the harness and the backend disagreed, the backend's values: every stored load series
  // was measured with them (the harness's 100 q/s, 5 s and 50 ms only ever applied by hand).
  public static final double DEFAULT_START_QPS = 50;
  public static final double DEFAULT_STEP_SECONDS = 10;
  public static final double DEFAULT_P99_LIMIT_MS = 100;
  public static final int DEFAULT_THREADS = 2;
  public static final double DEFAULT_STEP_FACTOR = 1.5;
  public static final int DEFAULT_MAX_STEPS = 20;
  public static final String DEFAULT_DIRECTORY = "mmap";
  // The backend's 0, not the harness's old 2 s: a profile without the setting never warmed up.
  public static final double DEFAULT_WARMUP_SECONDS = 0;
  public static final List<String> DIRECTORIES = List.of("mmap", "bytebuffers");

  public LoadSpec {
    directory = SpecChecks.orDefault(directory, DEFAULT_DIRECTORY);
    threads = SpecChecks.orDefault(threads, DEFAULT_THREADS);
    startQps = SpecChecks.orDefault(startQps, DEFAULT_START_QPS);
    stepFactor = SpecChecks.orDefault(stepFactor, DEFAULT_STEP_FACTOR);
    maxSteps = SpecChecks.orDefault(maxSteps, DEFAULT_MAX_STEPS);
    stepSeconds = SpecChecks.orDefault(stepSeconds, DEFAULT_STEP_SECONDS);
    warmupSeconds = SpecChecks.orDefault(warmupSeconds, DEFAULT_WARMUP_SECONDS);
    p99LimitMs = SpecChecks.orDefault(p99LimitMs, DEFAULT_P99_LIMIT_MS);
    seed = SpecChecks.orDefault(seed, 0L);
    // An empty list has always meant every category, as none given does.
    categories = categories == null || categories.isEmpty() ? null : List.copyOf(categories);
    if (!DIRECTORIES.contains(directory)) {
      throw new IllegalArgumentException(
          "unknown directory " + directory + ": use mmap or bytebuffers");
    }
    positive("threads", threads);
    positive("start-qps", startQps);
    if (!(stepFactor > 1)) {
      throw new IllegalArgumentException("--step-factor must be > 1, not " + stepFactor);
    }
    positive("max-steps", maxSteps);
    positive("step-seconds", stepSeconds);
    if (!(warmupSeconds >= 0)) {
      throw new IllegalArgumentException("--warmup-seconds must be >= 0, not " + warmupSeconds);
    }
    positive("p99-limit-ms", p99LimitMs);
  }

  private static void positive(String option, double value) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(
          "--"
              + option
              + " must be > 0, not "
              + (value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value)));
    }
  }

  /**
   * This sweep on {@code index} through {@code kind}, queries of {@code taskFile} by {@code
   * arrivals}.
   */
  public LoadSpec on(Path index, Path taskFile, String kind, long arrivals) {
    return new LoadSpec(
        index,
        taskFile,
        kind,
        threads,
        startQps,
        stepFactor,
        maxSteps,
        stepSeconds,
        warmupSeconds,
        p99LimitMs,
        arrivals,
        categories);
  }
}
