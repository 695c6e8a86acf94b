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
  }

  @Override
  public String toString() {
    return "git:" + ref;
  }
}
