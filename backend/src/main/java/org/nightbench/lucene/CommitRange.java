package org.nightbench.lucene;

import java.util.List;

/**
 * The commits between two points of a history, newest first.
 *
 * @param commits at most the limit asked for
 * @param omitted how many older commits of the range were left out by that limit
 */
public record CommitRange(List<Commit> commits, int omitted) {

  public CommitRange {
    commits = List.copyOf(commits);
  }
}
