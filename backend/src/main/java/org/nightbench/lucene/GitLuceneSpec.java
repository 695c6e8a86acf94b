package org.nightbench.lucene;

import java.util.regex.Pattern;
import org.eclipse.jgit.lib.Repository;

/**
 * A Lucene revision in the configured git remote: a branch, a tag or a full or abbreviated commit
 * sha, e.g. {@code git:main} or {@code git:1a2b3c4}.
 */
public record GitLuceneSpec(String ref) implements LuceneSpec {

  /**
   * Deliberately narrower than git's own rules: the ref reaches a remote and log lines, so nothing
   * that could mean something to a shell or to git's revision syntax ({@code ~ ^ : @{}}) gets in.
   */
  static final Pattern REF = Pattern.compile("[A-Za-z0-9._/-]+");

  /**
   * Git's pseudo-refs (HEAD, FETCH_HEAD, ORIG_HEAD, MERGE_HEAD, AUTO_MERGE ...) and the stash:
   * state of one clone, not a revision of the remote, so the same spec would mean another commit on
   * another worker or another day.
   */
  static final Pattern CLONE_STATE =
      Pattern.compile("(.*/)?([A-Z_]*HEAD|AUTO_MERGE)|(refs/)?stash", Pattern.CASE_INSENSITIVE);

  public GitLuceneSpec {
    if (ref == null || ref.isEmpty()) {
      throw new LuceneResolutionException(
          "Lucene spec 'git:' has no ref; expected a branch, tag or sha, e.g. git:main");
    }
    if (!REF.matcher(ref).matches()
        || ref.startsWith("-")
        || ref.contains("..")
        || !Repository.isValidRefName("refs/heads/" + ref)) {
      throw new LuceneResolutionException(
          "Lucene spec 'git:"
              + ref
              + "' is not a valid git ref; only letters, digits and . _ / - are allowed");
    }
    if (CLONE_STATE.matcher(ref).matches()) {
      throw new LuceneResolutionException(
          "Lucene spec 'git:"
              + ref
              + "' names the state of a clone, not a revision of the remote; name a branch, tag"
              + " or sha, e.g. git:main");
    }
  }

  @Override
  public String toString() {
    return "git:" + ref;
  }
}
