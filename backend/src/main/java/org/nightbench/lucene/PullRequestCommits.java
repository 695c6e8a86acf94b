package org.nightbench.lucene;

/**
 * A pull request's two sides as commits of the clone: its head, and the merge base of that head
 * with the branch it targets — what the pull request changes, without what landed on the branch
 * since it was opened.
 */
public record PullRequestCommits(Commit head, Commit mergeBase) {}
