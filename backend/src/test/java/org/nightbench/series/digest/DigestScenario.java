package org.nightbench.series.digest;

import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Three releases of one machine whose release dates disagree with their versions (9.12.3 came out
 * after 10.0.0 and 10.1.0, as backports do), and what 10.1.0 changed against 10.0.0: one series 20
 * % slower, one 30 % faster, one within noise, one single-JVM indexing variant, one series and one
 * step gone silent, a skipped step noted, and a change point under investigation.
 */
final class DigestScenario {

  final DigestTestData data;
  final long v9123;
  final long v1000;
  final long v1010;
  final long slower;
  final long faster;
  final long steady;
  final long singleJvm;
  final long gone;
  final long changePoint;

  DigestScenario(JdbcClient jdbc) {
    data = new DigestTestData(jdbc);
    v1000 = data.release("10.0.0", Instant.parse("2024-10-14T00:00:00Z"));
    v1010 = data.release("10.1.0", Instant.parse("2025-01-06T00:00:00Z"));
    v9123 = data.release("9.12.3", Instant.parse("2025-09-01T00:00:00Z"));
    slower = data.series("search", "AndHighHigh", "qps", true);
    faster = data.series("search", "HighTerm", "qps", true);
    steady = data.series("search", "MedTerm", "qps", true);
    singleJvm = data.series("indexing", "1kb-docs", "docsPerSec", true);
    gone = data.series("search", "Fuzzy1", "qps", true);
    for (long run : new long[] {v9123, v1000}) {
      data.point(slower, run, 100, 101, 99, 100.5, 99.5);
      data.point(faster, run, 100, 101, 99, 100.5, 99.5);
      data.point(steady, run, 50, 51, 49, 50.5, 49.5);
      data.point(singleJvm, run, 1000);
      data.point(gone, run, 20, 21, 19);
    }
    data.point(slower, v1010, 80, 81, 79, 80.5, 79.5);
    data.point(faster, v1010, 130, 131, 129, 130.5, 129.5);
    data.point(steady, v1010, 50.2, 50.8, 49.1, 50.4, 49.6);
    data.point(singleJvm, v1010, 600);
    data.step(v1000, 0, "search", 12);
    data.step(v1000, 1, "pk-postings", 3);
    data.step(v1010, 0, "search", 12);
    data.step(v1010, 1, "pk-postings", 0);
    data.notes(v1010, "skipped pk-postings Direct: no lucene-codecs 10.1.0 on Maven Central");
    changePoint = data.changePoint(slower, v1010, "investigating");
  }
}
