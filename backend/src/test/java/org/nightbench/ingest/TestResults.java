package org.nightbench.ingest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.nightbench.protocol.result.EnvironmentInfo;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.LuceneInfo;
import org.nightbench.protocol.result.Metric;

/** Result files and run contexts as the harness and the worker would give them to ingestion. */
public final class TestResults {

  public static final EnvironmentInfo ENVIRONMENT =
      new EnvironmentInfo(
          "box",
          "Some CPU",
          2,
          1L << 34,
          "Linux",
          "6.1",
          "amd64",
          "Eclipse Adoptium",
          "25.0.1",
          "OpenJDK 64-Bit Server VM",
          List.of("-Xmx1g"));

  public static final LuceneInfo LUCENE = new LuceneInfo("9.12.3", "9.12.3 abc - 2024-10-01");

  private TestResults() {}

  /** The context of a maven:9.12.3 run of the quick profile on europarl, on {@code machine}. */
  public static RunContext context(long run, String machine) {
    return new RunContext(
        run,
        Instant.parse("2024-10-01T00:00:00Z"),
        machine,
        "Eclipse Adoptium 25",
        "europarl.lines",
        "quick",
        Map.of("luceneSpec", "maven:9.12.3"));
  }

  /** A result file of the current schema from {@code command} holding {@code metrics}. */
  public static HarnessResult result(String command, Metric... metrics) {
    return new HarnessResult(
        HarnessResult.SCHEMA_VERSION, command, LUCENE, ENVIRONMENT, List.of(metrics), null, null);
  }

  public static Metric metric(String benchmark, String task, String name, double value) {
    return new Metric(benchmark, task, name, "units", true, value, Map.of());
  }
}
