package org.nightbench.benchjobs.storedfields;

import java.nio.file.Path;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;

/**
 * One stored fields measurement: a checked {@link org.nightbench.protocol.StoredFieldsSpec}'s
 * settings.
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
    int rounds) {}
