package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Luceneutil's stored fields benchmark in one mode: indexes the corpus as stored fields only, times
 * it, sizes the store and times reading documents back. A profile's {@code
 * measurements.stored-fields} section is this record without the corpus, index and mode, which the
 * run supplies per mode ({@link #on}).
 *
 * @param corpus the line-docs corpus
 * @param indexDir written afresh
 * @param storedFields the mode, {@code speed} or {@code compression}
 * @param maxDocs documents taken from the corpus; null (or 0) for all
 * @param maxBufferedDocs the writer flushes every this many documents, as luceneutil
 * @param warmupPass index once untimed before the timed pass, as luceneutil
 * @param retrievals documents read per retrieval round
 * @param rounds retrieval rounds, the fastest counts
 */
public record StoredFieldsSpec(
    @Required Path corpus,
    @Required Path indexDir,
    @Required String storedFields,
    Long maxDocs,
    Integer maxBufferedDocs,
    Boolean warmupPass,
    Integer retrievals,
    Integer rounds)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "stored-fields",
          StoredFieldsSpec.class,
          "org.nightbench.benchjobs.storedfields.StoredFieldsBenchmark",
          90,
          Set.of(Input.CORPUS),
          true,
          "storedFields",
          "storedfields",
          "Stored fields",
          "stored fields",
          List.of(
              lowerIsBetter("indexSeconds", "s"),
              lowerIsBetter("storeMB", "MB"),
              lowerIsBetter("retrieveNanosPerDoc", "ns/doc")));

  public static final int DEFAULT_MAX_BUFFERED_DOCS = 100;
  public static final int DEFAULT_RETRIEVALS = 10_000;
  public static final int DEFAULT_ROUNDS = 10;

  public StoredFieldsSpec {
    maxDocs = maxDocs == null || maxDocs == 0 ? null : maxDocs;
    maxBufferedDocs = SpecChecks.orDefault(maxBufferedDocs, DEFAULT_MAX_BUFFERED_DOCS);
    warmupPass = SpecChecks.orDefault(warmupPass, false);
    retrievals = SpecChecks.orDefault(retrievals, DEFAULT_RETRIEVALS);
    rounds = SpecChecks.orDefault(rounds, DEFAULT_ROUNDS);
    if (maxDocs != null) {
      SpecChecks.atLeast("max-docs", maxDocs, 1);
    }
    SpecChecks.atLeast("max-buffered-docs", maxBufferedDocs, 2);
    SpecChecks.atLeast("retrievals", retrievals, 1);
    SpecChecks.atLeast("rounds", rounds, 1);
  }

  /** The benchmark in {@code mode} on {@code lines}, its index written to {@code index}. */
  public StoredFieldsSpec on(Path lines, Path index, String mode) {
    return new StoredFieldsSpec(
        lines, index, mode, maxDocs, maxBufferedDocs, warmupPass, retrievals, rounds);
  }
}
