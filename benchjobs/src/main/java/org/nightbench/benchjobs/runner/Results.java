package org.nightbench.benchjobs.runner;

import java.io.IOException;
import java.nio.file.Path;
import org.nightbench.benchjobs.environment.EnvironmentProbe;
import org.nightbench.benchjobs.environment.LuceneProbe;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;

/** Wraps a report with the Lucene under test and the environment, and writes the result file. */
final class Results {

  private Results() {}

  /**
   * Writes {@code report}; without {@code withLucene} the result's lucene is null (calibration).
   */
  static void write(Path out, String type, Report report, boolean withLucene) throws IOException {
    ResultWriter.write(
        out,
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            type,
            withLucene ? LuceneProbe.capture() : null,
            EnvironmentProbe.capture(),
            report.metrics(),
            report.curves(),
            report.notes()));
  }
}
