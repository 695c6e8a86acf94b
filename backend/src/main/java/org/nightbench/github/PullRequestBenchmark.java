package org.nightbench.github;

/** One stored {@code /benchmark} command and how far it got; see the table's migration. */
record PullRequestBenchmark(
    long id,
    String repository,
    int pullNumber,
    String commenter,
    String command,
    String state,
    String reply,
    Long comparisonId,
    String headSha,
    String baseSha,
    Long replyCommentId) {}
