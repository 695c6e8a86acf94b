package org.nightbench.runs;

import java.time.Instant;
import org.nightbench.lucene.Commit;

/**
 * A run measured elsewhere, stored as it ended (succeeded): a night of a generated history. It is
 * queued at its start and never passes through the queue.
 *
 * @param revisionDate where its points go on the time axis
 * @param commit the commit its Lucene was built from; null for a release
 */
public record FinishedRun(
    RunRequest request,
    String luceneVersion,
    Instant revisionDate,
    String jdk,
    Instant startedAt,
    Instant finishedAt,
    Commit commit) {}
