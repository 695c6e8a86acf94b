package org.nightbench.harness;

import java.nio.file.Path;
import java.util.List;

/**
 * How thoroughly a run measures: a named set of harness settings. The profile's name is part of
 * every series' identity, so changing a profile's numbers should come with a new name.
 *
 * @param maxDocs documents indexed from the corpus; 0 for all
 * @param ramBufferMb IndexWriter RAM buffer
 * @param searchJvms how many fresh JVMs measure search; the error band is ±1σ over them
 * @param repetitions times each query runs within one JVM
 * @param warmup leading repetitions dropped as JIT warm-up
 * @param queriesPerCategory queries generated per task category
 * @param taskSeed seed of task generation, so every run of a series asks the same queries
 * @param tasksFile a luceneutil task file to use as-is instead of generating one; null to generate
 * @param jvmArgs flags of every forked harness JVM
 */
public record BenchmarkProfile(
    int maxDocs,
    int ramBufferMb,
    int searchJvms,
    int repetitions,
    int warmup,
    int queriesPerCategory,
    long taskSeed,
    Path tasksFile,
    List<String> jvmArgs) {

  public BenchmarkProfile {
    if (searchJvms < 1) {
      throw new IllegalArgumentException("searchJvms must be at least 1, got " + searchJvms);
    }
    if (warmup >= repetitions) {
      throw new IllegalArgumentException(
          "warmup (" + warmup + ") must be smaller than repetitions (" + repetitions + ")");
    }
    jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
  }
}
