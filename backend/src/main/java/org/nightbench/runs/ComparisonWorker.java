package org.nightbench.runs;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import tools.jackson.databind.json.JsonMapper;

/** What the worker lends one comparison run through the {@link ComparisonRuns} port. */
record ComparisonWorker(
    Run run,
    RunLog runLog,
    Cancellation cancellation,
    RunRepository runs,
    RunWorkDirectories workDirectories,
    HarnessJvms jvms)
    implements ComparisonRuns.Worker {

  /** How a run's harness JVMs are forked: the launcher, the result reader and the step timeout. */
  record HarnessJvms(HarnessLauncher launcher, JsonMapper json, RunnerProperties settings) {}

  @Override
  public Consumer<String> log() {
    return runLog;
  }

  @Override
  public void progress(String step) {
    runs.updateProgress(run.id(), step);
  }

  @Override
  public void recordRevision(String luceneVersion, Instant revisionDate, String jdk) {
    runs.recordRevision(run.id(), luceneVersion, revisionDate, jdk);
  }

  @Override
  public Path prepareWork() {
    return workDirectories.prepare(run.id());
  }

  @Override
  public RunSteps steps(Jdk jdk, ResolvedLucene lucene, BenchmarkProfile profile) {
    return new RunSteps(
        run,
        runLog,
        cancellation,
        jvms.launcher(),
        runs,
        jvms.json(),
        jdk,
        lucene,
        profile,
        jvms.settings().stepTimeout());
  }
}
