package org.nightbench.harness;

import java.nio.file.Path;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StoredFieldsSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * The step specs of a run's benchmarks, built from its profile: the profile's settings and the
 * run's paths; whatever the profile leaves out takes the spec record's default.
 */
public final class ProfileSpecs {

  private final BenchmarkProfile profile;

  public ProfileSpecs(BenchmarkProfile profile) {
    this.profile = profile;
  }

  public BenchmarkProfile profile() {
    return profile;
  }

  public IndexSpec index(IndexingVariant variant, Path corpus, Path indexDir) {
    return index(variant, corpus, indexDir, null, null);
  }

  /**
   * The same, writing the index with the release's default codec changed: {@code storedFields}
   * {@code speed} or {@code compression}, and one postings format for every field; null keeps the
   * codec's own.
   */
  public IndexSpec index(
      IndexingVariant variant,
      Path corpus,
      Path indexDir,
      String storedFields,
      String postingsFormat) {
    return new IndexSpec(
        corpus,
        indexDir,
        profile.maxDocs() > 0 ? (long) profile.maxDocs() : null,
        (double) profile.ramBufferMb(variant),
        variant.threads(),
        variant.name(),
        variant.docChars(),
        variant.directory(),
        // Tiered is the harness's own choice, which is log-doc when deterministic.
        variant.mergePolicy().equals("tiered") ? null : variant.mergePolicy(),
        variant.deterministic(),
        null,
        storedFields,
        postingsFormat,
        null,
        null);
  }

  public GenerateTasksSpec generateTasks(Path corpus, Path indexDir) {
    return new GenerateTasksSpec(
        indexDir, corpus, profile.taskSeed(), profile.queriesPerCategory());
  }

  /** Search JVM number {@code jvm}: each JVM runs the queries in its own order. */
  public SearchSpec search(Path indexDir, Path tasks, int jvm) {
    return SearchSpec.of(
        indexDir,
        tasks,
        profile.repetitions(),
        profile.warmup(),
        profile.taskSeed() + jvm,
        profile.maxWarmupSeconds());
  }

  public PkLookupSpec pkLookups(Path indexDir) {
    return profile.pkLookups().on(indexDir, profile.taskSeed());
  }

  public NrtSpec nrt(NrtVariant variant, Path indexDir, Path workDir, Path corpus, Path tasks) {
    Integer mergeWait = variant.maxFullFlushMergeWaitMs();
    return new NrtSpec(
        variant.mode(),
        indexDir,
        workDir,
        corpus,
        tasks,
        variant.updateRate(),
        (double) variant.reopenIntervalMs(),
        variant.searchThreads(),
        (double) variant.durationSeconds(),
        (double) variant.warmupSeconds(),
        variant.mergeMbPerSec(),
        (double) profile.ramBufferMb(),
        profile.taskSeed(),
        mergeWait != null && mergeWait >= 0 ? (long) mergeWait : null);
  }

  public LoadSpec load(String directory, Path indexDir, Path tasks) {
    return profile.load().on(indexDir, tasks, directory, profile.taskSeed());
  }

  /** Luceneutil's stored fields benchmark in one mode, {@code speed} or {@code compression}. */
  public StoredFieldsSpec storedFields(String mode, Path corpus, Path indexDir) {
    NightlyMeasurements measurements = profile.measurements();
    StoredFieldsSpec stored = measurements.storedFields().on(corpus, indexDir, mode);
    Integer flushDocs = measurements.storedFieldsModes().flushDocs();
    return flushDocs == null
        ? stored
        : new StoredFieldsSpec(
            corpus,
            indexDir,
            mode,
            stored.maxDocs(),
            flushDocs,
            stored.warmupPass(),
            stored.retrievals(),
            stored.rounds());
  }

  /** CheckIndex over {@code indexDir}, the index of the named indexing variant. */
  public CheckIndexSpec checkIndex(String variant, Path indexDir) {
    return new CheckIndexSpec(indexDir, variant);
  }

  /** PK lookups on id-only copies of the index, written into {@code workDir}, per id format. */
  public PkPostingsSpec pkPostings(Path indexDir, Path workDir) {
    return profile.measurements().pkPostings().on(indexDir, workDir, profile.taskSeed());
  }

  /** The first queries of {@code tasks} on a dropped OS page cache, against the same warm. */
  public ColdSearchSpec coldSearch(Path indexDir, Path tasks) {
    return profile.measurements().coldSearch().on(indexDir, tasks);
  }

  /**
   * Embeds the corpus's first documents and the query texts ({@code vector//} tasks of {@code
   * tasks} when it has them), reusing {@code cacheDir}'s vectors when they were embedded before.
   */
  public EmbedSpec embed(
      Path corpus, Path tasks, Path cacheDir, Path docVectors, Path queryVectors) {
    return new EmbedSpec(
        corpus,
        knnDocs(),
        profile.knn().maxQueries(),
        tasks,
        cacheDir,
        docVectors,
        queryVectors,
        null,
        null);
  }

  /** Indexes and searches the embedded vectors with every vector format of the profile. */
  public KnnSpec knn(Path docVectors, Path queryVectors, Path cacheDir, Path workDir) {
    return profile
        .knn()
        .on(docVectors, queryVectors, KnnSpec.MINILM_DIMENSION, knnDocs(), cacheDir, workDir);
  }

  /**
   * Indexes the corpus's documents that have an embedded vector, with the vector, once per format
   * of the profile; the run gives each format its own JVM ({@link VectorIndexingSpec#withFormat}).
   */
  public VectorIndexingSpec vectorIndexing(Path corpus, Path docVectors, Path indexDir) {
    return profile.vectorIndexing().on(corpus, docVectors, indexDir);
  }

  /** The documents a KNN run embeds: its own count, else the profile's, else a whole corpus. */
  private int knnDocs() {
    Integer own = profile.knn().maxDocs();
    int docs = own != null ? own : profile.maxDocs();
    return docs > 0 ? docs : Integer.MAX_VALUE;
  }

  public CalibrateSpec calibrate() {
    return profile.calibration();
  }
}
