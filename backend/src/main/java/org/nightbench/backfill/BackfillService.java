package org.nightbench.backfill;

import java.util.List;
import java.util.stream.Stream;
import org.nightbench.lucene.Commit;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Queues backfill runs: Lucene releases (a list, or every minor's latest patch) as {@code maven:}
 * specs, and git history (every Nth commit of a range, or one commit per day) as {@code git:} specs
 * of full shas, so each run names exactly one commit.
 */
@Service
public class BackfillService {

  /** More runs than this is a mistake rather than a plan: months of machine time. */
  static final int MAX_RUNS = 1_000;

  private static final Logger log = LoggerFactory.getLogger(BackfillService.class);

  private final RunService runs;
  private final LuceneResolver lucene;
  private final GitLuceneBuilder git;
  private final LuceneGitProperties gitSettings;
  private final TransactionTemplate transaction;

  BackfillService(
      RunService runs,
      LuceneResolver lucene,
      GitLuceneBuilder git,
      LuceneGitProperties gitSettings,
      TransactionTemplate transaction) {
    this.runs = runs;
    this.lucene = lucene;
    this.git = git;
    this.gitSettings = gitSettings;
    this.transaction = transaction;
  }

  /**
   * Queues the request's runs, oldest first, all or none.
   *
   * @throws IllegalArgumentException with one line when the request is not exactly one of the
   *     supported shapes, names a bad version or ref, or asks for too many runs
   */
  public List<Run> backfill(BackfillRequest request) {
    boolean byList = request.releases() != null;
    boolean byMinors = request.fromMinor() != null || request.toMinor() != null;
    boolean byCommits = request.commitRange() != null;
    boolean byDates = request.dateRange() != null;
    if (Stream.of(byList, byMinors, byCommits, byDates).filter(b -> b).count() != 1) {
      throw new IllegalArgumentException(
          "give exactly one of releases, fromMinor/toMinor, commitRange or dateRange,"
              + " e.g. {\"releases\": [\"9.12.3\"]}");
    }
    // Git work (fetching, walking history) happens before the transaction that queues the runs.
    List<String> specs;
    if (byList) {
      specs = request.releases().stream().map(release -> "maven:" + release).toList();
    } else if (byMinors) {
      specs = releaseSpecs(request.fromMinor(), request.toMinor());
    } else if (byCommits) {
      specs = commitSpecs(request.commitRange());
    } else {
      specs = daySpecs(request.dateRange());
    }
    if (specs.isEmpty()) {
      throw new IllegalArgumentException("nothing to backfill in that range");
    }
    if (specs.size() > MAX_RUNS) {
      throw new IllegalArgumentException(
          "that backfill would queue "
              + specs.size()
              + " runs, more than "
              + MAX_RUNS
              + "; take every Nth commit or a shorter range");
    }
    return transaction.execute(
        status -> specs.stream().map(spec -> runs.enqueue(spec, null, null, "backfill")).toList());
  }

  private List<String> releaseSpecs(String fromMinor, String toMinor) {
    if (fromMinor == null || toMinor == null) {
      throw new IllegalArgumentException("fromMinor and toMinor go together, e.g. 9.8 and 10.6");
    }
    return lucene.latestPatches(fromMinor, toMinor).stream()
        .map(release -> "maven:" + release)
        .toList();
  }

  private List<String> commitSpecs(BackfillRequest.CommitRange range) {
    if (range.from() == null || range.to() == null) {
      throw new IllegalArgumentException(
          "commitRange needs from and to, e.g. {\"from\": \"releases/lucene/10.0.0\", \"to\":"
              + " \"main\", \"every\": 10}");
    }
    int every = range.every() == null ? 1 : range.every();
    if (every < 1) {
      throw new IllegalArgumentException("commitRange.every must be 1 or more, got " + every);
    }
    List<Commit> history =
        git.firstParentHistory(
            range.to(), range.from(), null, line -> log.info("backfill: {}", line));
    return specs(HistorySampler.everyNth(history, every));
  }

  private List<String> daySpecs(BackfillRequest.DateRange range) {
    if (range.from() == null || range.to() == null) {
      throw new IllegalArgumentException(
          "dateRange needs from and to, e.g. {\"from\": \"2025-01-01\", \"to\": \"2025-01-31\"}");
    }
    if (range.to().isBefore(range.from())) {
      throw new IllegalArgumentException(
          "dateRange.to " + range.to() + " is before dateRange.from " + range.from());
    }
    String branch = range.branch() == null ? gitSettings.branch() : range.branch();
    List<Commit> history =
        git.firstParentHistory(branch, null, null, line -> log.info("backfill: {}", line));
    return specs(HistorySampler.endOfEachDay(history, range.from(), range.to()));
  }

  private static List<String> specs(List<Commit> commits) {
    return commits.stream().map(commit -> "git:" + commit.sha()).toList();
  }
}
