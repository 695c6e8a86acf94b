package org.nightbench.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.corpus.Corpus;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.Cancellation;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.MavenLuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.springframework.stereotype.Component;

/**
 * The setup step of a run: resolves what it measures with (the Lucene revision, the JDK that
 * revision needs, the corpus) and records the revision, its commit and the commit's changes.
 */
@Component
class RunResolution {

  /**
   * What a run measures with.
   *
   * @param notes what the run should say about its revision (a release's commit unknown)
   */
  record Resolved(ResolvedLucene lucene, Jdk jdk, Corpus corpus, List<String> notes) {}

  private final LuceneResolver lucene;
  private final JdkFinder jdks;
  private final CorpusProvider corpora;
  private final RunRepository runs;
  private final RunHistoryRepository history;
  private final RunChangesRecorder changes;
  private final ReleaseCommitRecorder releases;

  RunResolution(
      LuceneResolver lucene,
      JdkFinder jdks,
      CorpusProvider corpora,
      RunRepository runs,
      RunHistoryRepository history,
      RunChangesRecorder changes,
      ReleaseCommitRecorder releases) {
    this.lucene = lucene;
    this.jdks = jdks;
    this.corpora = corpora;
    this.runs = runs;
    this.history = history;
    this.changes = changes;
    this.releases = releases;
  }

  /**
   * Resolves the run's Lucene revision (cancel and {@code timeout} stop a long download or build),
   * its JDK and its corpus, logging each and recording the revision on the run.
   */
  Resolved resolve(RunTry attempt, Duration timeout, Cancellation cancellation, RunLog log) {
    Run run = attempt.run();
    List<String> notes = new ArrayList<>();
    ResolvedLucene resolved = revision(attempt, timeout, cancellation, log, notes);
    Jdk jdk =
        jdks.select(LuceneResolver.minimumJava(resolved.version()), "Lucene " + resolved.version());
    log.accept("JDK " + jdk.identity() + " at " + jdk.home());
    Corpus corpus = corpora.resolve(run.corpus());
    log.accept("corpus " + corpus.name() + " " + corpus.path() + " sha256=" + corpus.sha256());
    runs.recordRevision(attempt, resolved.version(), resolved.revisionDate(), jdk.identity());
    return new Resolved(resolved, jdk, corpus, List.copyOf(notes));
  }

  private ResolvedLucene revision(
      RunTry attempt, Duration timeout, Cancellation cancellation, RunLog log, List<String> notes) {
    Run run = attempt.run();
    log.accept("== resolving " + run.luceneSpec());
    runs.updateProgress(attempt, "resolving " + run.luceneSpec());
    // Resolving may download or build for a long time: cancel and the step timeout stop it too.
    ResolvedLucene resolved =
        GuardedStep.run(
            "resolving " + run.luceneSpec(),
            timeout,
            cancellation,
            () -> lucene.resolve(LuceneSpec.parse(run.luceneSpec()), log));
    log.accept("Lucene " + resolved.version() + ": " + resolved.jars());
    if (resolved.commit() != null) {
      history.recordCommit(attempt, resolved.commit());
      changes.record(attempt, resolved.commit(), log);
    } else if (resolved.spec() instanceof MavenLuceneSpec) {
      releases.record(attempt, resolved, log).ifPresent(notes::add);
    }
    return resolved;
  }
}
