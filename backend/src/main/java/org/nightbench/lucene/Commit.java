package org.nightbench.lucene;

import java.time.Instant;

/**
 * The git commit a Lucene was built from.
 *
 * @param sha the full 40-character sha
 * @param authorEmail null when unknown
 * @param date the committer date: when the change landed on its branch, which orders a history
 * @param subject the first line of the commit message
 */
public record Commit(String sha, String author, String authorEmail, Instant date, String subject) {

  /** The seven-character form people write, e.g. {@code 1a2b3c4}. */
  public String shortSha() {
    return sha.substring(0, Math.min(7, sha.length()));
  }
}
