package org.nightbench.benchjobs.indexing;

import java.nio.file.Path;
import java.util.regex.Pattern;
import org.nightbench.protocol.IndexSpec;

/**
 * What to index and how.
 *
 * @param corpus line-docs file
 * @param indexDir directory the index is (re)created in; emptied even for {@code bytebuffers}
 * @param maxDocs stop after this many documents; {@link Long#MAX_VALUE} for the whole corpus
 * @param ramBufferMB IndexWriter RAM buffer before a flush (ignored when deterministic)
 * @param threads indexing threads
 * @param variant names the configuration; becomes the metrics' task
 * @param docChars cut the body text into documents of about this many chars; 0 = one per line
 * @param directory where the index is written; null for mmap
 * @param mergePolicy null for the default: log-doc when deterministic, else tiered
 * @param deterministic serial merges and flushes by doc count, so repeated runs give identical
 *     segments
 * @param maxBufferedDocs flush after this many docs; 0 = by RAM only (1000 when deterministic)
 * @param codec stored fields mode and postings format; null for the default codec as it is
 */
public record IndexingSettings(
    Path corpus,
    Path indexDir,
    long maxDocs,
    double ramBufferMB,
    int threads,
    String variant,
    int docChars,
    DirectoryChoice directory,
    MergePolicyChoice mergePolicy,
    boolean deterministic,
    int maxBufferedDocs,
    CodecOptions codec) {

  /** Default flush size of deterministic runs, small enough to give several segments. */
  public static final int DETERMINISTIC_MAX_BUFFERED_DOCS = 1000;

  /** Variants become task names in URLs and charts. */
  private static final Pattern VARIANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

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
    if (variant == null || !VARIANT.matcher(variant).matches()) {
      throw new IllegalArgumentException(
          "variant must be letters, digits, '.', '_' or '-', got '" + variant + "'");
    }
    if (docChars < 0) {
      throw new IllegalArgumentException("doc-chars must be >= 0, got " + docChars);
    }
    if (maxBufferedDocs != 0 && maxBufferedDocs < 2) {
      throw new IllegalArgumentException("max-buffered-docs must be >= 2, got " + maxBufferedDocs);
    }
    if (deterministic && threads != 1) {
      throw new IllegalArgumentException("deterministic indexing needs threads 1, got " + threads);
    }
    if (directory == null) {
      directory = DirectoryChoice.MMAP;
    }
    if (mergePolicy == null) {
      mergePolicy = deterministic ? MergePolicyChoice.LOG_DOC : MergePolicyChoice.TIERED;
    }
    if (deterministic && maxBufferedDocs == 0) {
      maxBufferedDocs = DETERMINISTIC_MAX_BUFFERED_DOCS;
    }
    if (codec == null) {
      codec = CodecOptions.DEFAULTS;
    }
  }

  /** Today's defaults: whole lines as docs into mmap with the tiered policy. */
  public IndexingSettings(
      Path corpus, Path indexDir, long maxDocs, double ramBufferMB, int threads) {
    this(corpus, indexDir, maxDocs, ramBufferMB, threads, "default", 0, null, null, false, 0, null);
  }

  /** The spec's settings, its names parsed into the choices IndexWriter is configured with. */
  public static IndexingSettings of(IndexSpec spec) {
    return new IndexingSettings(
        spec.corpus(),
        spec.indexDir(),
        spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs(),
        spec.ramBufferMb(),
        spec.threads(),
        spec.variant(),
        spec.docChars(),
        DirectoryChoice.parse(spec.directory()),
        spec.mergePolicy() == null ? null : MergePolicyChoice.parse(spec.mergePolicy()),
        spec.deterministic(),
        spec.maxBufferedDocs() == null ? 0 : spec.maxBufferedDocs(),
        new CodecOptions(
            spec.storedFields() == null ? null : StoredFieldsMode.parse(spec.storedFields()),
            spec.postingsFormat()));
  }
}
