package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Builds an index from a line-docs corpus and measures indexing.
 *
 * @param corpus line-docs file, plain or .gz
 * @param indexDir index directory, recreated
 * @param maxDocs stop after this many documents; null for all
 * @param ramBufferMb IndexWriter RAM buffer
 * @param threads indexing threads
 * @param variant names this configuration; the metrics' task
 * @param docChars re-cut the body text into documents of about this many characters; 0 keeps one
 *     document per line
 * @param directory {@code mmap}, {@code nio} or {@code bytebuffers} (in heap, nothing persisted)
 * @param mergePolicy {@code tiered}, {@code log-byte-size}, {@code log-doc} or {@code no-merge};
 *     null: tiered, log-doc if deterministic
 * @param deterministic one thread, serial merges, flush by doc count: repeatable segments
 * @param maxBufferedDocs flush every this many documents; null flushes by RAM (1000 if
 *     deterministic)
 * @param storedFields {@code speed} or {@code compression}: the default codec's stored fields mode;
 *     null keeps its own
 * @param postingsFormat SPI name of the postings format of every field; null keeps the codec's
 * @param docVectors the embedded vectors of the corpus's first documents, indexed as the {@code
 *     vector} field; null for none
 * @param dimension the vectors' dimension
 */
public record IndexSpec(
    @Required Path corpus,
    @Required Path indexDir,
    Long maxDocs,
    Double ramBufferMb,
    Integer threads,
    String variant,
    Integer docChars,
    String directory,
    String mergePolicy,
    Boolean deterministic,
    Integer maxBufferedDocs,
    String storedFields,
    String postingsFormat,
    Path docVectors,
    Integer dimension)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "indexing",
          IndexSpec.class,
          "org.nightbench.benchjobs.indexing.IndexingBenchmark",
          0,
          Set.of(Input.CORPUS),
          true,
          "indexing",
          "indexing",
          "Indexing",
          "indexing",
          List.of(
              higherIsBetter("docsPerSec", "docs/s"),
              higherIsBetter("gbPerHour", "GB/hour"),
              lowerIsBetter("indexSizeMB", "MB"),
              lowerIsBetter("segmentCount", "segments"),
              lowerIsBetter("elapsedSec", "s"),
              lowerIsBetter("flushSeconds", "s"),
              lowerIsBetter("mergeSeconds", "s"),
              lowerIsBetter("gcCount", "collections"),
              lowerIsBetter("gcSeconds", "s"),
              lowerIsBetter("jitSeconds", "s"),
              lowerIsBetter("peakHeapMB", "MB")));

  public static final double DEFAULT_RAM_BUFFER_MB = 64;
  public static final String DEFAULT_VARIANT = "default";
  public static final String DEFAULT_DIRECTORY = "mmap";
  public static final List<String> DIRECTORIES = List.of("mmap", "nio", "bytebuffers");
  public static final List<String> MERGE_POLICIES =
      List.of("tiered", "log-byte-size", "log-doc", "no-merge");

  public IndexSpec {
    ramBufferMb = SpecChecks.orDefault(ramBufferMb, DEFAULT_RAM_BUFFER_MB);
    threads = SpecChecks.orDefault(threads, 1);
    variant = SpecChecks.orDefault(variant, DEFAULT_VARIANT);
    docChars = SpecChecks.orDefault(docChars, 0);
    directory = SpecChecks.orDefault(directory, DEFAULT_DIRECTORY);
    deterministic = SpecChecks.orDefault(deterministic, false);
    dimension = SpecChecks.orDefault(dimension, KnnSpec.MINILM_DIMENSION);
    if (maxDocs != null) {
      SpecChecks.atLeast("max-docs", maxDocs, 1);
    }
    if (!(ramBufferMb > 0) || ramBufferMb >= 2048) {
      throw new IllegalArgumentException(
          "ram-buffer-mb must be > 0 and < 2048, got " + ramBufferMb);
    }
    SpecChecks.atLeast("threads", threads, 1);
    if (!VARIANT.matcher(variant).matches()) {
      throw new IllegalArgumentException(
          "variant must be letters, digits, '.', '_' or '-', got '" + variant + "'");
    }
    SpecChecks.atLeast("doc-chars", docChars, 0);
    // 0 would read as "unset" further in; an explicit 0 must not pass as that.
    if (maxBufferedDocs != null && maxBufferedDocs < 2) {
      throw new IllegalArgumentException("max-buffered-docs must be >= 2, got " + maxBufferedDocs);
    }
    if (deterministic && threads != 1) {
      throw new IllegalArgumentException("deterministic indexing needs threads 1, got " + threads);
    }
    // The harness's words for them, as the hand-run command line has always said.
    if (!DIRECTORIES.contains(directory)) {
      throw new IllegalArgumentException(
          "unknown directory " + directory + ": use mmap, nio or bytebuffers");
    }
    if (mergePolicy != null && !MERGE_POLICIES.contains(mergePolicy)) {
      throw new IllegalArgumentException(
          "unknown merge policy "
              + mergePolicy
              + ": use tiered, log-byte-size, log-doc or no-merge");
    }
  }

  /** Variants become task names in URLs and charts. */
  private static final Pattern VARIANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  /** The same step writing its documents with {@code docVectors}. */
  public IndexSpec withDocVectors(Path vectors) {
    return new IndexSpec(
        corpus,
        indexDir,
        maxDocs,
        ramBufferMb,
        threads,
        variant,
        docChars,
        directory,
        mergePolicy,
        deterministic,
        maxBufferedDocs,
        storedFields,
        postingsFormat,
        vectors,
        dimension);
  }
}
