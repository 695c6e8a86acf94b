package org.nightbench.benchjobs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.environment.EnvironmentProbe;
import org.nightbench.benchjobs.environment.LuceneProbe;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** Wraps a command's metrics with Lucene and environment info and writes the --out file. */
final class Results {

  private Results() {}

  static void write(Path out, String command, List<Metric> metrics) throws IOException {
    write(out, command, metrics, List.of(), List.of());
  }

  static void write(
      Path out, String command, List<Metric> metrics, List<Curve> curves, List<String> notes)
      throws IOException {
    ResultWriter.write(
        out,
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            command,
            LuceneProbe.capture(),
            EnvironmentProbe.capture(),
            metrics,
            curves,
            notes));
  }

  /** For commands that must not touch Lucene (calibration): the result's lucene is null. */
  static void writeWithoutLucene(Path out, String command, List<Metric> metrics)
      throws IOException {
    ResultWriter.write(
        out,
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            command,
            null,
            EnvironmentProbe.capture(),
            metrics,
            List.of(),
            List.of()));
  }
}
