package org.nightbench.worker;

import java.util.Comparator;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;
import org.nightbench.lucene.Commit;
import org.nightbench.lucene.CommitRange;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunHistoryRepository.ReleaseCommit;
import org.nightbench.runs.RunTry;
import org.springframework.stereotype.Component;

/**
 * Records on a release run ({@code maven:}) the git commit it was built from, as a {@code git:} run
 * records its own: the sha lucene-core's manifest names, else the release's tag in the configured
 * remote; and the changes since the release before it (in release order) measured on the same
 * machine, profile and corpus. A release whose commit cannot be known is measured all the same.
 */
@Component
class ReleaseCommitRecorder {

  private static final GenericVersionScheme VERSIONS = new GenericVersionScheme();

  private final RunHistoryRepository history;
  private final GitLuceneBuilder git;

  ReleaseCommitRecorder(RunHistoryRepository history, GitLuceneBuilder git) {
    this.history = history;
    this.git = git;
  }

  /**
   * Never throws: a commit that cannot be known is a note, not a failure.
   *
   * @return the note for the run when its commit is unknown, else empty
   */
  Optional<String> record(RunTry attempt, ResolvedLucene resolved, Consumer<String> log) {
    String version = resolved.version();
    String sha = resolved.manifestSha();
    String from = "lucene-core's manifest";
    String tagProblem = "the remote has no tag releases/lucene/" + version;
    if (sha == null) {
      try {
        sha = git.releaseTag(version).orElse(null);
        from = "its tag in the git remote";
      } catch (RuntimeException e) {
        tagProblem = "its tag could not be looked up (" + firstLine(e) + ")";
      }
    }
    if (sha == null) {
      String note =
          "commit unknown: lucene-core "
              + version
              + "'s manifest names no git commit and "
              + tagProblem
              + "; this point has no link to its changes and no bisect";
      log.accept(note);
      return Optional.of(note);
    }
    try {
      // The clone, when a git: run made one, knows the author, date and subject; else the sha.
      Commit commit = git.known(sha).orElse(new Commit(sha, null, null, null, null));
      history.recordCommit(attempt, commit);
      log.accept("Lucene " + version + " was built from commit " + sha + " (" + from + ")");
      recordChanges(attempt, version, sha, log);
    } catch (RuntimeException e) {
      log.accept("the commit of Lucene " + version + " was not recorded: " + firstLine(e));
    }
    return Optional.empty();
  }

  private void recordChanges(RunTry attempt, String version, String sha, Consumer<String> log) {
    Run run = attempt.run();
    Optional<ReleaseCommit> previous =
        history.releaseCommits(run).stream()
            .filter(r -> parse(r.version()).isPresent() && parse(version).isPresent())
            .filter(r -> parse(r.version()).get().compareTo(parse(version).get()) < 0)
            .max(Comparator.comparing(r -> parse(r.version()).get()));
    if (previous.isEmpty()) {
      log.accept("no earlier release measured here with its commit: this is the first point");
      return;
    }
    String before = previous.get().sha();
    CommitRange range;
    try {
      range = git.commitsBetween(before, sha, RunChangesRecorder.LIMIT);
    } catch (RuntimeException e) {
      // Usual before any git: run: no clone. The compare link still lists them.
      range = null;
      log.accept(
          "changes since Lucene "
              + previous.get().version()
              + " ("
              + before.substring(0, 7)
              + ") not listed here: "
              + firstLine(e));
    }
    history.recordChanges(attempt, before, range);
    if (range != null) {
      int total = range.commits().size() + range.omitted();
      log.accept(
          total
              + (total == 1 ? " commit" : " commits")
              + " since Lucene "
              + previous.get().version()
              + " ("
              + before.substring(0, 7)
              + ")");
    }
  }

  private static Optional<Version> parse(String version) {
    try {
      return Optional.of(VERSIONS.parseVersion(version));
    } catch (InvalidVersionSpecificationException e) {
      return Optional.empty();
    }
  }

  private static String firstLine(RuntimeException e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }
}
