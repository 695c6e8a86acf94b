package org.nightbench.worker;

import org.nightbench.lucene.Commit;
import org.nightbench.lucene.CommitRange;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunTry;
import org.springframework.stereotype.Component;

/**
 * Records on a git run the commits since the previous measured commit of its machine, profile and
 * corpus, on the worker, which has the clone (the web app may not).
 */
@Component
class RunChangesRecorder {

  /** Enough for any night; a longer gap is still one click away through the compare link. */
  static final int LIMIT = 500;

  private final RunHistoryRepository history;
  private final GitLuceneBuilder git;

  RunChangesRecorder(RunHistoryRepository history, GitLuceneBuilder git) {
    this.history = history;
    this.git = git;
  }

  /** Never throws: a missing range is logged in one line and must not fail a measurement. */
  void record(RunTry attempt, Commit commit, RunLog log) {
    Run run = attempt.run();
    try {
      history
          .previousMeasuredCommit(run, commit.date())
          .ifPresentOrElse(
              previous -> {
                CommitRange range = git.commitsBetween(previous, commit.sha(), LIMIT);
                history.recordChanges(attempt, previous, range);
                int total = range.commits().size() + range.omitted();
                log.accept(
                    total
                        + (total == 1 ? " commit" : " commits")
                        + " since "
                        + previous.substring(0, Math.min(7, previous.length()))
                        + (range.omitted() > 0
                            ? " (the newest " + range.commits().size() + " listed)"
                            : ""));
              },
              () -> log.accept("no earlier measured commit: this is the first point"));
    } catch (RuntimeException e) {
      String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      log.accept("changes since the previous point unknown: " + message);
    }
  }
}
