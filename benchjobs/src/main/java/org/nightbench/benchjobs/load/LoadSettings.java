package org.nightbench.benchjobs.load;

import java.util.List;

/**
 * How a load sweep offers queries: a checked {@link org.nightbench.protocol.LoadSpec}'s settings.
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
    // The values are checked where they are written once, in the spec (LoadSpec).
    categories = categories == null ? List.of() : List.copyOf(categories);
  }
}
