package org.nightbench.benchjobs.checkindex;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Runs Lucene's CheckIndex over an index with the same integrity checks on every release and times
 * it. An index CheckIndex finds broken fails the measurement with its verdict: a corrupt index is a
 * finding, not a number.
 */
public final class CheckIndexTiming implements Benchmark<CheckIndexSpec> {

  /** Benchmark name of the metric; the task names the index checked (its indexing variant). */
  public static final String BENCHMARK = CheckIndexSpec.DEFINITION.series();

  /** For the runner. */
  public CheckIndexTiming() {}

  @Override
  public Report measure(CheckIndexSpec spec, PrintStream log) throws IOException {
    // Opened first for the usual one-line messages (no such index, no documents).
    Indexes.open(spec.indexDir()).close();
    return Report.of(run(spec.indexDir(), spec.variant(), log));
  }

  public static List<Metric> run(Path indexDir, String indexName, PrintStream progress)
      throws IOException {
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    CheckIndex.Status status;
    double seconds;
    String checks;
    try (Directory dir = FSDirectory.open(indexDir);
        CheckIndex checker = new CheckIndex(dir)) {
      // The report is kept for a failure's message; printing it would time the console.
      checker.setInfoStream(new PrintStream(report, true, StandardCharsets.UTF_8));
      checks = sameChecksOnEveryRelease(checker);
      long t0 = System.nanoTime();
      status = checker.checkIndex();
      seconds = (System.nanoTime() - t0) / 1e9;
    }
    if (status.missingSegments) {
      throw new IllegalArgumentException("index " + indexDir + " contains no Lucene index");
    }
    if (!status.clean) {
      throw new IllegalArgumentException(
          "CheckIndex found index "
              + indexDir
              + " broken: "
              + status.numBadSegments
              + " of "
              + status.numSegments
              + " segments bad, "
              + lastProblem(report.toString(StandardCharsets.UTF_8)));
    }
    long docs = status.segmentInfos.stream().mapToLong(s -> s.maxDoc).sum();
    progress.printf(
        Locale.ROOT,
        "check-index: %d segments, %d docs, clean, %.2f s%n",
        status.numSegments,
        docs,
        seconds);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("segments", status.numSegments);
    detail.put("maxDoc", docs);
    detail.put("clean", true);
    detail.put("checks", checks);
    return List.of(CheckIndexSpec.DEFINITION.measured(indexName, "seconds", seconds, detail));
  }

  /**
   * 9.x checks every segment's integrity by default; 10.x's default level only verifies checksums,
   * a far smaller job. Level 2 (integrity checks) where the release has levels keeps the series
   * measuring the same work across the 9 to 10 boundary; reached reflectively, as 9.x has no {@code
   * setLevel}. One thread on both, so the figure does not follow the machine's core count.
   */
  static String sameChecksOnEveryRelease(CheckIndex checker) {
    try {
      checker.getClass().getMethod("setThreadCount", int.class).invoke(checker, 1);
    } catch (ReflectiveOperationException e) {
      // Older 9.x checks with one thread anyway.
    }
    try {
      checker.getClass().getMethod("setLevel", int.class).invoke(checker, INTEGRITY_LEVEL);
      return "integrity (level " + INTEGRITY_LEVEL + ")";
    } catch (NoSuchMethodException e) {
      return "integrity (9.x default)";
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("CheckIndex.setLevel failed: " + e, e);
    }
  }

  /** {@code CheckIndex.Level.MIN_LEVEL_FOR_INTEGRITY_CHECKS} of 10.x. */
  static final int INTEGRITY_LEVEL = 2;

  /** CheckIndex's last line naming a failure, for the one-line error. */
  private static String lastProblem(String report) {
    List<String> lines =
        report
            .lines()
            .map(String::strip)
            .filter(l -> l.startsWith("FAILED") || l.startsWith("WARNING"))
            .toList();
    return lines.isEmpty() ? "see CheckIndex's report" : lines.get(lines.size() - 1);
  }
}
