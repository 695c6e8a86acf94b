package org.nightbench.runs;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;

/** What the worker lends one comparison run through the {@link ComparisonRuns} port. */
record ComparisonWorker(
    Run run,
    RunLog runLog,
    Cancellation cancellation,
    RunRepository runs,
    RunWorkDirectories workDirectories,
    HarnessJvms jvms)
    implements ComparisonRuns.Worker {

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
    return jvms.steps(run, runLog, cancellation, runs, jdk, lucene, profile);
  }
}
