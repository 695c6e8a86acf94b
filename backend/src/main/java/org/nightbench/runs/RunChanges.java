package org.nightbench.runs;

import java.util.List;

/**
 * The commits since the previous measured commit of the run's machine, profile and corpus.
 *
 * @param previousCommitSha null when the run is not a git run, is the first point, or the range
 *     could not be computed
 * @param commits newest first
 * @param omitted how many older commits of the range are not listed (the compare link has them)
 */
public record RunChanges(String previousCommitSha, List<RunChange> commits, int omitted) {

  static final RunChanges NONE = new RunChanges(null, List.of(), 0);
}
