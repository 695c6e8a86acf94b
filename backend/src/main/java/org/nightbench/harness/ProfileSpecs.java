package org.nightbench.harness;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
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
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.StoredFieldsSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * The step specs of a run's benchmarks, built from its profile: each benchmark's section as it was
 * bound into its spec record, with the run's paths and seeds set by component name ({@link
 * SpecCopies}), so no setting is copied here one by one.
 */
public final class ProfileSpecs {

  private final BenchmarkProfile profile;

  public ProfileSpecs(BenchmarkProfile profile) {
    this.profile = profile;
  }

  public BenchmarkProfile profile() {
    return profile;
  }

  /** Indexing {@code variant} of the profile: its section's settings, the run's paths. */
  public IndexSpec index(IndexSpec variant, Path corpus, Path indexDir) {
    return index(variant, corpus, indexDir, null, null);
  }

  /**
   * The same, writing the index with the release's default codec changed, as a comparison's side
   * asks: {@code storedFields} {@code speed} or {@code compression}, and one postings format for
   * every field; null keeps the variant's.
   */
  public IndexSpec index(
      IndexSpec variant, Path corpus, Path indexDir, String storedFields, String postingsFormat) {
    Map<String, Object> run = new HashMap<>();
    run.put("corpus", corpus);
    run.put("indexDir", indexDir);
    if (variant.maxDocs() == null && profile.maxDocs() > 0) {
      run.put("maxDocs", (long) profile.maxDocs());
    }
    run.put("storedFields", storedFields);
    run.put("postingsFormat", postingsFormat);
    return SpecCopies.with(variant, run);
  }

  /**
   * {@code variant} indexed so that every build has the same segments (one thread, serial merges,
   * flush by doc count): two builds of one Lucene then differ in nothing a query could feel, which
   * a comparison's sides need, as luceneutil's competitors share one index.
   */
  public static IndexSpec repeatable(IndexSpec variant) {
    return SpecCopies.with(variant, Map.of("threads", 1, "deterministic", true));
  }

  public GenerateTasksSpec generateTasks(Path corpus, Path indexDir) {
    return SpecCopies.with(
        profile.generateTasks(),
        Map.of("indexDir", indexDir, "corpus", corpus, "seed", profile.taskSeed()));
  }

  /** Search JVM number {@code jvm}: each JVM runs the queries in its own order. */
  public SearchSpec search(Path indexDir, Path tasks, int jvm) {
    return SpecCopies.with(
        profile.search(),
        Map.of("indexDir", indexDir, "tasks", tasks, "seed", profile.taskSeed() + jvm));
  }

  public PkLookupSpec pkLookups(Path indexDir) {
    return section(PkLookupSpec.class).on(indexDir, profile.taskSeed());
  }

  /** NRT {@code variant} on a copy of {@code indexDir} made in {@code workDir}. */
  public NrtSpec nrt(NrtSpec variant, Path indexDir, Path workDir, Path corpus, Path tasks) {
    Map<String, Object> run = new HashMap<>();
    run.put("indexDir", indexDir);
    run.put("workDir", workDir);
    run.put("corpus", corpus);
    run.put("tasks", tasks);
    run.put("seed", profile.taskSeed());
    return SpecCopies.with(variant, run);
  }

  public LoadSpec load(String directory, Path indexDir, Path tasks) {
    return section(LoadSpec.class).on(indexDir, tasks, directory, profile.taskSeed());
  }

  /** Luceneutil's stored fields benchmark in one mode, {@code speed} or {@code compression}. */
  public StoredFieldsSpec storedFields(String mode, Path corpus, Path indexDir) {
    return section(StoredFieldsSpec.class).on(corpus, indexDir, mode);
  }

  /**
   * CheckIndex over {@code indexDir}, the index of the named indexing variant; a profile without a
   * {@code check-index} section checks at the record's defaults (a comparison may ask for it).
   */
  public CheckIndexSpec checkIndex(String variant, Path indexDir) {
    CheckIndexSpec settings =
        profile
            .section(CheckIndexSpec.class)
            .orElseGet(() -> SpecCopies.defaults(CheckIndexSpec.class));
    return SpecCopies.with(settings, Map.of("indexDir", indexDir, "variant", variant));
  }

  /** PK lookups on id-only copies of the index, written into {@code workDir}, per id format. */
  public PkPostingsSpec pkPostings(Path indexDir, Path workDir) {
    return section(PkPostingsSpec.class).on(indexDir, workDir, profile.taskSeed());
  }

  /** The first queries of {@code tasks} on a dropped OS page cache, against the same warm. */
  public ColdSearchSpec coldSearch(Path indexDir, Path tasks) {
    return section(ColdSearchSpec.class).on(indexDir, tasks);
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
        section(KnnSpec.class).maxQueries(),
        tasks,
        cacheDir,
        docVectors,
        queryVectors,
        null,
        null);
  }

  /** Indexes and searches the embedded vectors with every vector format of the profile. */
  public KnnSpec knn(Path docVectors, Path queryVectors, Path cacheDir, Path workDir) {
    return section(KnnSpec.class)
        .on(docVectors, queryVectors, KnnSpec.MINILM_DIMENSION, knnDocs(), cacheDir, workDir);
  }

  /**
   * Indexes the corpus's documents that have an embedded vector, with the vector, once per format
   * of the profile; the run gives each format its own JVM ({@link VectorIndexingSpec#withFormat}).
   */
  public VectorIndexingSpec vectorIndexing(Path corpus, Path docVectors, Path indexDir) {
    return section(VectorIndexingSpec.class).on(corpus, docVectors, indexDir);
  }

  /** The documents a KNN run embeds: its own count, else the profile's, else a whole corpus. */
  private int knnDocs() {
    Integer own = section(KnnSpec.class).maxDocs();
    int docs = own != null ? own : profile.maxDocs();
    return docs > 0 ? docs : Integer.MAX_VALUE;
  }

  public CalibrateSpec calibrate() {
    return section(CalibrateSpec.class);
  }

  /** The profile's section of {@code spec}, which the caller has made sure it has. */
  private <S extends StepSpec> S section(Class<S> spec) {
    return profile
        .section(spec)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the profile has no " + ProfileSections.sectionName(spec) + " section"));
  }
}
