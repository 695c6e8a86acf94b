package org.nightbench.benchjobs.indexing;

import java.nio.file.Path;

/**
 * What to index and how.
 *
 * @param corpus line-docs file
 * @param indexDir directory the index is (re)created in
 * @param maxDocs stop after this many documents; {@link Long#MAX_VALUE} for the whole corpus
 * @param ramBufferMB IndexWriter RAM buffer before a flush
 * @param threads indexing threads; 1 keeps segment structure deterministic
 */
public record IndexingSettings(
    Path corpus, Path indexDir, long maxDocs, double ramBufferMB, int threads) {

  /** Rejects values IndexWriter would refuse or that make no sense, with a CLI-facing message. */
  public IndexingSettings {
    if (maxDocs < 1) {
      throw new IllegalArgumentException("max-docs must be >= 1, got " + maxDocs);
    }
    if (!(ramBufferMB > 0) || ramBufferMB >= 2048) {
      throw new IllegalArgumentException(
          "ram-buffer-mb must be > 0 and < 2048, got " + ramBufferMB);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
  }
}
