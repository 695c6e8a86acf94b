package org.nightbench.benchjobs.load;

import java.util.List;

/**
 * How a load sweep offers queries.
 *
 * @param directory {@code mmap} (memory-mapped files) or {@code bytebuffers} (copied on heap)
 * @param threads workers serving requests
 * @param startQps the first step's target rate; each next step multiplies it by {@code stepFactor}
 * @param p99LimitMs a step passes when its p99 stays under this (and no request fails or is lost)
 * @param categories task categories to draw queries from; empty for all
 */
public record LoadSettings(
    String directory,
    int threads,
    double startQps,
    double stepFactor,
    int maxSteps,
    double stepSeconds,
    double warmupSeconds,
    double p99LimitMs,
    long seed,
    List<String> categories) {

  public static final List<String> DIRECTORIES = List.of("mmap", "bytebuffers");

  public LoadSettings {
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
    categories = categories == null ? List.of() : List.copyOf(categories);
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
}
