package org.nightbench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What every JVM of a run's steps is forked with: the JDK, the Lucene jars under test, the
 * profile's settings and flags, and how long one step may take.
 */
public record HarnessTarget(
    Path javaHome, List<Path> luceneJars, BenchmarkProfile profile, Duration stepTimeout) {

  public HarnessTarget {
    luceneJars = List.copyOf(luceneJars);
  }
}
