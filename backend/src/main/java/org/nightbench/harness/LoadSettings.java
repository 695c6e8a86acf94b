package org.nightbench.harness;

import java.util.List;
import java.util.Set;

/**
 * The response-time sweep: an open-loop client at rising target rates until the index is past
 * capacity, once per Directory.
 *
 * @param directories {@code mmap} and/or {@code bytebuffers}; each is its own series
 * @param threads server threads answering queries
 * @param startQps the first step's target rate
 * @param stepFactor each step's rate over the previous one's
 * @param maxSteps steps at most
 * @param stepSeconds length of each step
 * @param warmupSeconds time at the first rate before measuring
 * @param p99LimitMs capacity is the highest target rate whose p99 stays under this
 * @param categories task categories to send; empty for all
 */
public record LoadSettings(
    List<String> directories,
    int threads,
    double startQps,
    double stepFactor,
    int maxSteps,
    double stepSeconds,
    double warmupSeconds,
    double p99LimitMs,
    List<String> categories) {

  static final Set<String> DIRECTORIES = Set.of("mmap", "bytebuffers");

  public LoadSettings {
    directories =
        directories == null || directories.isEmpty() ? List.of("mmap") : List.copyOf(directories);
    for (String directory : directories) {
      ProfileChecks.oneOf("load directory", directory, null, DIRECTORIES);
    }
    threads = threads == 0 ? 2 : threads;
    ProfileChecks.atLeast("load threads", threads, 1);
    startQps = startQps == 0 ? 50 : startQps;
    ProfileChecks.above("load start-qps", startQps, 0);
    stepFactor = stepFactor == 0 ? 1.5 : stepFactor;
    ProfileChecks.above("load step-factor", stepFactor, 1);
    maxSteps = maxSteps == 0 ? 20 : maxSteps;
    ProfileChecks.atLeast("load max-steps", maxSteps, 1);
    stepSeconds = stepSeconds == 0 ? 10 : stepSeconds;
    ProfileChecks.above("load step-seconds", stepSeconds, 0);
    ProfileChecks.atLeast("load warmup-seconds", warmupSeconds, 0);
    p99LimitMs = p99LimitMs == 0 ? 100 : p99LimitMs;
    ProfileChecks.above("load p99-limit-ms", p99LimitMs, 0);
    categories = categories == null ? List.of() : List.copyOf(categories);
  }
}
