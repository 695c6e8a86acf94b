package org.nightbench.runs;

import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** How a run's harness JVMs are forked: the launcher, the result reader and the step timeout. */
@Component
record HarnessJvms(HarnessLauncher launcher, JsonMapper json, RunnerProperties settings) {

  /** The one place a run's {@link RunSteps} are made, for ordinary and comparison runs alike. */
  RunSteps steps(
      Run run,
      RunLog log,
      Cancellation cancellation,
      RunRepository runs,
      Jdk jdk,
      ResolvedLucene lucene,
      BenchmarkProfile profile) {
    return new RunSteps(
        run, log, cancellation, launcher, runs, json, jdk, lucene, profile, settings.stepTimeout());
  }
}
