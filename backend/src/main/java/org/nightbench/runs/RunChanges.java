package org.nightbench.runs;

import java.util.List;

/**
 * The commits since the previous point's commit: for a {@code git:} run the previous measured
 * commit of its machine, profile and corpus; for a release the commit of the release before it (in
 * release order) measured there.
 *
 * @param previousCommitSha null when the run recorded no commit, is the first point, or the range
 *     could not be computed
 * @param commits newest first
 * @param omitted how many older commits of the range are not listed (the compare link has them)
 * @param listed false when the worker had no clone holding the range (a release's, before any
 *     {@code git:} run): none are listed, the compare link has them all
 */
public record RunChanges(
    String previousCommitSha, List<RunChange> commits, int omitted, boolean listed) {

  static final RunChanges NONE = new RunChanges(null, List.of(), 0, true);

  public RunChanges(String previousCommitSha, List<RunChange> commits, int omitted) {
    this(previousCommitSha, commits, omitted, true);
  }
}
