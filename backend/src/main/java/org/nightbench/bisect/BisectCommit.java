package org.nightbench.bisect;

import java.time.Instant;

/**
 * A commit of a bisect's first-parent line.
 *
 * @param position 0 for the good end, counting up to the bad end
 * @param url the commit's page when the remote is on GitHub, else null (show the hash)
 */
public record BisectCommit(
    int position,
    String sha,
    String subject,
    String author,
    Instant committedAt,
    boolean unbuildable,
    String url) {

  public String shortSha() {
    return sha.substring(0, Math.min(7, sha.length()));
  }
}
