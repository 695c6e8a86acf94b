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
import org.nightbench.benchjobs.result.Metric;

/**
 * Runs Lucene's CheckIndex over an index with the release's default checks and times it. An index
 * CheckIndex finds broken fails the measurement with its verdict: a corrupt index is a finding, not
 * a number.
 */
public final class CheckIndexTiming {

  /** Benchmark name of the metric; the task names the index checked (its indexing variant). */
  public static final String BENCHMARK = "checkIndex";

  private CheckIndexTiming() {}

  public static List<Metric> run(Path indexDir, String indexName, PrintStream progress)
      throws IOException {
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    CheckIndex.Status status;
    double seconds;
    try (Directory dir = FSDirectory.open(indexDir);
        CheckIndex checker = new CheckIndex(dir)) {
      // The report is kept for a failure's message; printing it would time the console.
      checker.setInfoStream(new PrintStream(report, true, StandardCharsets.UTF_8));
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
    return List.of(new Metric(BENCHMARK, indexName, "seconds", "s", false, seconds, detail));
  }

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
