package org.nightbench.ingest;

import java.util.List;
import org.nightbench.protocol.result.HarnessResult;

/**
 * One run's result files, as the harness's JSON files deserialize to, with what the runner knows
 * about the run: the input of {@link ResultIngester#ingestPoints}.
 *
 * @param context where the run's points go and the identity its series share
 * @param results one per harness JVM; the same metric from several JVMs becomes one point
 */
public record RunResults(RunContext context, List<HarnessResult> results) {

  public RunResults {
    results = List.copyOf(results);
  }
}
