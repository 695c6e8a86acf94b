package org.nightbench.comparisons;

import java.nio.file.Path;
import org.nightbench.corpus.Corpus;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.worker.ComparisonRuns;
import org.nightbench.worker.GuardedStep;
import org.springframework.stereotype.Component;

/**
 * Runs an A/B comparison: both sides resolved, each indexes the corpus with its own Lucene, then
 * their search JVMs alternate (A B, B A, A B …) on the same machine, JDK, corpus and tasks, so a
 * machine that drifts during the comparison drifts for both alike.
 */
@Component
class ComparisonExecutor {

  /** Under the work directory: the query indexes kept between comparisons. */
  static final String QUERY_INDEXES = "query-indexes";

  private final LuceneResolver lucene;
  private final JdkFinder jdks;
  private final CorpusProvider corpora;
  private final RunnerProperties settings;
  private final EmbeddingModel embedding;

  ComparisonExecutor(
      LuceneResolver lucene,
      JdkFinder jdks,
      CorpusProvider corpora,
      RunnerProperties settings,
      EmbeddingModel embedding) {
    this.lucene = lucene;
    this.jdks = jdks;
    this.corpora = corpora;
    this.settings = settings;
    this.embedding = embedding;
  }

  ComparisonOutcome execute(Run run, ComparisonPlan plan, ComparisonRuns.Worker worker) {
    ComparisonSetup setup = setup(run, plan, worker);
    // A run handed back to the queue starts afresh; the worker removes the directory once the
    // comparison succeeded or was cancelled, and keeps a failed one's for a while.
    Path work = worker.prepareWork();
    ComparisonMeasurement measurement =
        new ComparisonMeasurement(
            plan,
            setup,
            worker,
            work,
            new QueryIndexCache(settings.workDirectory().resolve(QUERY_INDEXES)),
            embedding);
    measurement.measure();
    return measurement.outcome();
  }

  /** Resolves both sides, one JDK for both and the corpus, and records the candidate's revision. */
  private ComparisonSetup setup(Run run, ComparisonPlan plan, ComparisonRuns.Worker worker) {
    BenchmarkProfile profile = settings.profile(run.profile());
    ResolvedLucene baseline = resolve("baseline", plan.baseline(), worker, profile);
    ResolvedLucene candidate = resolve("candidate", plan.candidate(), worker, profile);
    // One JDK for both: a JDK difference must never pass for a Lucene one.
    Jdk jdk =
        jdks.select(
            Math.max(
                LuceneResolver.minimumJava(baseline.version()),
                LuceneResolver.minimumJava(candidate.version())),
            "Lucene " + baseline.version() + " and " + candidate.version());
    worker.log().accept("JDK " + jdk.identity() + " at " + jdk.home());
    Corpus corpus = corpora.resolve(run.corpus());
    worker
        .log()
        .accept("corpus " + corpus.name() + " " + corpus.path() + " sha256=" + corpus.sha256());
    worker.recordRevision(candidate.version(), candidate.revisionDate(), jdk.identity());
    return new ComparisonSetup(profile, baseline, candidate, jdk, corpus);
  }

  private ResolvedLucene resolve(
      String name,
      ComparisonPlan.Side side,
      ComparisonRuns.Worker worker,
      BenchmarkProfile profile) {
    worker.log().accept("== resolving the " + name + ", " + side.luceneSpec());
    worker.progress("resolving the " + name);
    ResolvedLucene resolved =
        GuardedStep.run(
            "resolving the " + name,
            settings.stepTimeout(profile),
            worker.cancellation(),
            () -> lucene.resolve(LuceneSpec.parse(side.luceneSpec()), worker.log()));
    worker.log().accept(name + ": Lucene " + resolved.version() + ": " + resolved.jars());
    return resolved;
  }
}
