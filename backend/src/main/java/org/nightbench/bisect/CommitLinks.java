package org.nightbench.bisect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.nightbench.lucene.LuceneGitProperties;
import org.springframework.stereotype.Component;

/**
 * Links to commits: GitHub's commit page when the configured remote is on GitHub, else none (the
 * page then shows the hash alone, since a local or other remote has no known web page).
 */
@Component
class CommitLinks {

  private static final Pattern GITHUB =
      Pattern.compile(
          "(?:https://github\\.com/|git@github\\.com:)([\\w.-]+/[\\w.-]+?)(?:\\.git)?/?");

  private final String base;

  CommitLinks(LuceneGitProperties git) {
    this.base = base(git.remote());
  }

  /** {@code https://github.com/owner/name/commit/SHA}, or null off GitHub. */
  String commit(String sha) {
    return base == null ? null : base + "/commit/" + sha;
  }

  static String base(String remote) {
    Matcher m = GITHUB.matcher(remote == null ? "" : remote.strip());
    return m.matches() ? "https://github.com/" + m.group(1) : null;
  }
}
