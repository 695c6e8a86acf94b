package org.nightbench.github;

import java.net.URI;
import java.util.List;
import org.nightbench.comparisons.ComparisonRequest;
import org.nightbench.comparisons.ComparisonService;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.PullRequestCommits;
import org.nightbench.runs.RunStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Pull-request benchmarks from command to reply. The webhook {@link #receive stores} each command;
 * {@link #work} (the poller's) answers, starts and finishes them: the candidate is the pull
 * request's head and the baseline its merge base with the target branch, compared as any A/B
 * comparison is, and the reply comment is edited with the verdict and luceneutil's table.
 */
@Component
class PullRequestBenchmarks {

  private static final Logger log = LoggerFactory.getLogger(PullRequestBenchmarks.class);

  private final GitHubProperties properties;
  private final PullRequestBenchmarkRepository repository;
  private final GitHubClient github;
  private final GitLuceneBuilder git;
  private final ComparisonService comparisons;

  PullRequestBenchmarks(
      GitHubProperties properties,
      PullRequestBenchmarkRepository repository,
      GitHubClient github,
      GitLuceneBuilder git,
      ComparisonService comparisons) {
    this.properties = properties;
    this.repository = repository;
    this.github = github;
    this.git = git;
    this.comparisons = comparisons;
  }

  /** Stores what a trusted, well-formed command asks, or the answer to any other; says which. */
  String receive(String delivery, IssueCommentEvent event) {
    String login = event.commenter();
    if (!properties.trusts(login, event.association())) {
      log.info("GitHub: /benchmark by untrusted {} on #{} refused", login, event.pullNumber());
      return store(delivery, event, "-", "reply", PullRequestReplies.refused(login), "refused");
    }
    BenchmarkCommand command;
    try {
      command = BenchmarkCommand.parse(event.body());
    } catch (IllegalArgumentException e) {
      return store(
          delivery,
          event,
          "-",
          "reply",
          PullRequestReplies.malformed(login, e.getMessage()),
          "answered: " + e.getMessage());
    }
    return switch (command.kind()) {
      case "help" ->
          store(delivery, event, command.describe(), "reply", BenchmarkCommand.USAGE, "answered");
      default -> store(delivery, event, command.describe(), "received", null, "queued");
    };
  }

  /** One round of the poller: answers, starts what was received, finishes what has ended. */
  void work() {
    for (PullRequestBenchmark reply : repository.inState("reply")) {
      each(
          reply,
          () -> {
            github.comment(reply.repository(), reply.pullNumber(), reply.reply());
            repository.ended(reply.id(), "done", null);
          });
    }
    for (PullRequestBenchmark received : repository.inState("received")) {
      each(received, () -> start(received));
    }
    for (PullRequestBenchmark running : repository.inState("running")) {
      each(
          running,
          () -> {
            if (running.replyCommentId() == null) {
              announce(running, BenchmarkCommand.parse(running.command()));
            }
            finishIfEnded(running);
          });
    }
  }

  /** GitHub away for a moment leaves the command as it was, for the next round. */
  private static void each(PullRequestBenchmark row, Runnable step) {
    try {
      step.run();
    } catch (GitHubClient.GitHubException e) {
      log.warn(
          "GitHub #{} ({}): {}; trying again", row.pullNumber(), row.command(), e.getMessage());
    }
  }

  private void start(PullRequestBenchmark row) {
    supersedeOlder(row);
    BenchmarkCommand command = BenchmarkCommand.parse(row.command());
    String head = null;
    try {
      GitHubClient.PullRequest pull = github.pull(row.repository(), row.pullNumber());
      head = pull.headSha();
      PullRequestCommits commits =
          git.pullRequest(
              row.pullNumber(),
              pull.baseRef(),
              line -> log.info("GitHub #{}: {}", row.pullNumber(), line));
      head = commits.head().sha();
      String base = commits.mergeBase().sha();
      ComparisonView comparison =
          comparisons.create(request(command, base, head), "github:" + row.commenter());
      // Stored before GitHub hears of it: a reply that fails must not queue the comparison again
      // on the next round; the reply is retried from the running state instead.
      repository.started(row.id(), comparison.id(), head, base);
      announce(repository.find(row.id()).orElseThrow(), command);
    } catch (IllegalArgumentException e) {
      // (LuceneResolutionException is one) The pull request, its branch or the command cannot be
      // benchmarked: say so once, on it.
      repository.ended(row.id(), "failed", e.getMessage());
      // What goes to GitHub is public: no path or remote of this server in it.
      String problem = git.withoutServerPaths(e.getMessage());
      github.comment(
          row.repository(),
          row.pullNumber(),
          PullRequestReplies.couldNotStart(row.command(), problem));
      if (head != null && head.matches("[0-9a-f]{40}")) {
        github.status(
            row.repository(),
            head,
            "error",
            "Could not start: " + problem,
            properties.dashboardUrl());
      }
    }
  }

  /** Posts the "started" reply of a queued comparison and sets the head's status to pending. */
  private void announce(PullRequestBenchmark row, BenchmarkCommand command) {
    URI page = page(row.comparisonId());
    GitHubClient.Comment reply =
        github.comment(
            row.repository(),
            row.pullNumber(),
            PullRequestReplies.started(command, row.headSha(), row.baseSha(), page));
    repository.replied(row.id(), reply.id());
    github.status(
        row.repository(), row.headSha(), "pending", "Benchmarking " + row.command(), page);
  }

  private void supersedeOlder(PullRequestBenchmark row) {
    for (PullRequestBenchmark older : repository.openBefore(row)) {
      if (older.comparisonId() != null
          && comparisons.get(older.comparisonId()).status() == RunStatus.QUEUED) {
        comparisons.cancel(older.comparisonId());
      }
      repository.ended(older.id(), "superseded", "superseded by command " + row.id());
      if (older.replyCommentId() != null) {
        github.editComment(
            older.repository(),
            older.replyCommentId(),
            PullRequestReplies.superseded(older.command()));
      }
    }
  }

  private void finishIfEnded(PullRequestBenchmark row) {
    ComparisonView comparison = comparisons.get(row.comparisonId());
    if (comparison.status() == RunStatus.QUEUED || comparison.status() == RunStatus.RUNNING) {
      return;
    }
    URI page = page(comparison.id());
    boolean succeeded = comparison.status() == RunStatus.SUCCEEDED && comparison.result() != null;
    String body =
        succeeded
            ? PullRequestReplies.finished(row.command(), comparison, page)
            : PullRequestReplies.failed(
                row.command(),
                comparison,
                git.withoutServerPaths(comparison.error()),
                page,
                properties.dashboardUrl().resolve("/runs/" + comparison.id()));
    if (row.replyCommentId() == null) {
      github.comment(row.repository(), row.pullNumber(), body);
    } else {
      github.editComment(row.repository(), row.replyCommentId(), body);
    }
    github.status(
        row.repository(),
        row.headSha(),
        succeeded ? "success" : "failure",
        succeeded
            ? PullRequestReplies.summary(comparison.result())
            : "Benchmark " + comparison.status().name().toLowerCase(java.util.Locale.ROOT),
        page);
    repository.ended(row.id(), succeeded ? "done" : "failed", comparison.error());
  }

  private ComparisonRequest request(BenchmarkCommand command, String base, String head) {
    List<String> benchmarks =
        switch (command.kind()) {
          case "full" -> List.of("indexing", "search");
          case "nrt" -> List.of("nrt");
          case "knn" -> List.of("knn");
          default -> List.of("search");
        };
    // Task categories name search tasks; the other benchmarks run whole.
    boolean searches = benchmarks.contains("search");
    return new ComparisonRequest(
        "git:" + base,
        "git:" + head,
        List.of(),
        List.of(),
        null,
        null,
        command.jvms() != null ? command.jvms() : properties.jvms(),
        properties.profile(),
        command.corpus() != null ? command.corpus() : properties.corpus(),
        false,
        benchmarks,
        searches ? command.categories() : null,
        null,
        null,
        null,
        null,
        null);
  }

  private URI page(long comparisonId) {
    return properties.dashboardUrl().resolve("/comparisons/" + comparisonId);
  }

  private String store(
      String delivery,
      IssueCommentEvent event,
      String command,
      String state,
      String reply,
      String outcome) {
    return repository
            .insert(
                delivery,
                event.repository(),
                event.pullNumber(),
                event.commentId(),
                event.commenter(),
                command,
                state,
                reply)
            .isPresent()
        ? outcome
        : "already received";
  }
}
