package org.nightbench.worker;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.HarnessTarget;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.RunTry;

/** What the worker lends one comparison run through the {@link ComparisonRuns} port. */
record ComparisonWorker(
    RunTry attempt, RunJournal journal, Cancellation cancellation, ComparisonExecution lender)
    implements ComparisonRuns.Worker {

  @Override
  public Consumer<String> log() {
    return journal;
  }

  @Override
  public void progress(String step) {
    journal.progress(step);
  }

  @Override
  public void recordRevision(String luceneVersion, Instant revisionDate, String jdk) {
    lender.runs().recordRevision(attempt, luceneVersion, revisionDate, jdk);
  }

  @Override
  public Path prepareWork() {
    return lender.workDirectories().prepare(attempt.runId());
  }

  @Override
  public HarnessSteps steps(Jdk jdk, ResolvedLucene lucene, BenchmarkProfile profile) {
    return lender
        .jvms()
        .steps(
            journal,
            cancellation,
            new HarnessTarget(
                jdk.home(), lucene.jars(), profile, lender.settings().stepTimeout(profile)));
  }
}
