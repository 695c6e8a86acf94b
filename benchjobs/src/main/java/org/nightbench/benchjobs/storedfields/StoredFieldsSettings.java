package org.nightbench.benchjobs.storedfields;

import java.nio.file.Path;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;

/**
 * One stored fields measurement.
 *
 * @param corpus line-docs file
 * @param indexDir where the index is written (replaced)
 * @param mode the default codec's stored fields mode
 * @param maxDocs documents taken from the corpus
 * @param flushDocs the writer flushes every this many documents, with serial merges, as luceneutil
 *     does, so merging stored fields is part of the time
 * @param warmup index the documents once untimed first, so the timed pass runs compiled code
 * @param retrievals documents read per retrieval round
 * @param rounds retrieval rounds; the fastest counts
 */
public record StoredFieldsSettings(
    Path corpus,
    Path indexDir,
    StoredFieldsMode mode,
    long maxDocs,
    int flushDocs,
    boolean warmup,
    int retrievals,
    int rounds) {

  public StoredFieldsSettings {
    if (mode == null) {
      throw new IllegalArgumentException("stored-fields mode is required: speed or compression");
    }
    if (maxDocs < 1) {
      throw new IllegalArgumentException("max-docs must be >= 1, got " + maxDocs);
    }
    if (flushDocs < 2) {
      throw new IllegalArgumentException("max-buffered-docs must be >= 2, got " + flushDocs);
    }
    if (retrievals < 1) {
      throw new IllegalArgumentException("retrievals must be >= 1, got " + retrievals);
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be >= 1, got " + rounds);
    }
  }
}
