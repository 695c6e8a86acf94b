package org.nightbench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.VectorIndexingSpec;
import org.springframework.boot.context.properties.bind.Name;

/**
 * How thoroughly a run measures: a named set of harness settings. The profile's name is part of
 * every series' identity, so changing a profile's numbers should come with a new name. A section
 * that is one step's settings binds straight into that step's spec record ({@code pk-lookups} into
 * {@link PkLookupSpec}, …), whose defaults and checks are the only ones; the run supplies its paths
 * and seed.
 *
 * @param maxDocs documents indexed from the corpus; 0 for all
 * @param ramBufferMb IndexWriter RAM buffer
 * @param searchJvms how many fresh JVMs measure search; the error band is ±1σ over them
 * @param repetitions times each query runs within one JVM
 * @param warmup leading repetitions dropped as JIT warm-up
 * @param queriesPerCategory queries generated per task category
 * @param taskSeed seed of task generation, so every run of a series asks the same queries
 * @param tasksFile a luceneutil task file to use as-is instead of generating one; null to generate
 * @param jvmArgs flags of every forked harness JVM
 * @param indexing the indexing variants, each in its own JVM and series; the first one's index (on
 *     disk) is the one every query benchmark runs on. None given: one variant of whole lines
 * @param pkLookups primary-key lookups, sequential and random keys as separate series; null for
 *     none
 * @param nrt near-real-time reopen variants, each in its own JVM on a copy of the index
 * @param load the response-time sweep (an open-loop client at rising target rates until the index
 *     is past capacity); null for none
 * @param loadDirectories the Directories the sweep runs on ({@code load.directories}), one JVM and
 *     series each
 * @param calibration the machine's calibration before and after the run (a fixed,
 *     Lucene-independent workload, so a box that got slower is told apart from a Lucene that did);
 *     null for none
 * @param disturbance when the calibration marks a run disturbed ({@code
 *     calibration.disturbed-percent}, {@code calibration.window})
 * @param stepTimeout a harness JVM of this profile running longer is killed and its benchmark
 *     fails; null takes the runner's
 * @param knn vector search (embedding, KNN per vector format); null for none. Its {@code max-docs}
 *     left out takes the profile's ({@code max-docs}), all documents when that is 0 too
 * @param maxWarmupSeconds how long a search JVM may keep warming up until the JIT is idle and round
 *     times settle, in seconds of the search thread's CPU (at most twenty times as long in wall
 *     time); null for the harness default (10 s), 0 for the fixed warm-up repetitions only
 * @param measurements the nightly's measurements beside the queries (stored fields, CheckIndex, PK
 *     lookups with the id postings in RAM, cold page cache search); null for none
 * @param vectorIndexing indexing throughput with a vector field, one JVM and series per vector
 *     format ({@code float32}, {@code int8}), over the documents vector search embeds; null for
 *     none (and nothing without {@code knn}, which embeds them)
 * @param jfr true when the search and indexing JVMs record a Java Flight Recorder profile (a few
 *     per cent of their speed), summarised with the run
 * @param benchmarks the sections of every other benchmark the profile sets, by the benchmark's
 *     name, each bound into its spec record ({@code nightbench.runner.profiles.nightly.toy.rounds}
 *     into {@code ToySpec}); {@link ProfileSections} fills it, so a new benchmark needs no
 *     component here
 */
public record BenchmarkProfile(
    int maxDocs,
    int ramBufferMb,
    int searchJvms,
    int repetitions,
    int warmup,
    int queriesPerCategory,
    long taskSeed,
    Path tasksFile,
    List<String> jvmArgs,
    List<IndexingVariant> indexing,
    PkLookupSpec pkLookups,
    List<NrtVariant> nrt,
    LoadSpec load,
    @Name("load") LoadDirectories loadDirectories,
    CalibrateSpec calibration,
    @Name("calibration") DisturbanceCheck disturbance,
    Duration stepTimeout,
    Double maxWarmupSeconds,
    NightlyMeasurements measurements,
    KnnSpec knn,
    VectorIndexingSpec vectorIndexing,
    boolean jfr,
    Map<String, StepSpec> benchmarks) {

  public BenchmarkProfile {
    if (maxWarmupSeconds != null && maxWarmupSeconds < 0) {
      throw new IllegalArgumentException(
          "max-warmup-seconds must be >= 0, got " + maxWarmupSeconds);
    }
    if (searchJvms < 1) {
      throw new IllegalArgumentException("searchJvms must be at least 1, got " + searchJvms);
    }
    if (warmup >= repetitions) {
      throw new IllegalArgumentException(
          "warmup (" + warmup + ") must be smaller than repetitions (" + repetitions + ")");
    }
    jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    indexing =
        indexing == null || indexing.isEmpty()
            ? List.of(IndexingVariant.wholeDocuments())
            : List.copyOf(indexing);
    if (indexing.get(0).directory().equals("bytebuffers")) {
      throw new IllegalArgumentException(
          "the first indexing variant ('"
              + indexing.get(0).name()
              + "') builds the index the query benchmarks read, so it cannot be on heap"
              + " (directory bytebuffers)");
    }
    if (indexing.stream().map(IndexingVariant::name).distinct().count() != indexing.size()) {
      throw new IllegalArgumentException("indexing variant names must differ: " + indexing);
    }
    measurements = measurements == null ? NightlyMeasurements.NONE : measurements;
    // Each pair is one section of the profile: naming only one half of it asks for the step.
    if (load != null || loadDirectories != null) {
      load =
          load != null
              ? load
              : new LoadSpec(
                  null, null, null, null, null, null, null, null, null, null, null, null);
      loadDirectories = loadDirectories != null ? loadDirectories : LoadDirectories.MMAP;
    }
    if (calibration != null || disturbance != null) {
      calibration = calibration != null ? calibration : new CalibrateSpec(null, null, null);
      disturbance = disturbance != null ? disturbance : DisturbanceCheck.DEFAULT;
    }
    benchmarks = benchmarks == null ? Map.of() : Map.copyOf(benchmarks);
    nrt = nrt == null ? List.of() : List.copyOf(nrt);
    if (nrt.stream().map(NrtVariant::name).distinct().count() != nrt.size()) {
      throw new IllegalArgumentException("nrt variant names must differ: " + nrt);
    }
  }

  /** The same profile with its forked JVMs' flags replaced, as one side of a comparison runs. */
  public BenchmarkProfile withJvmArgs(List<String> flags) {
    return new BenchmarkProfile(
        maxDocs,
        ramBufferMb,
        searchJvms,
        repetitions,
        warmup,
        queriesPerCategory,
        taskSeed,
        tasksFile,
        flags,
        indexing,
        pkLookups,
        nrt,
        load,
        loadDirectories,
        calibration,
        disturbance,
        stepTimeout,
        maxWarmupSeconds,
        measurements,
        knn,
        vectorIndexing,
        jfr,
        benchmarks);
  }

  /** The same profile recording JFR profiles or not, as a comparison asking for them runs. */
  public BenchmarkProfile withJfr(boolean record) {
    return new BenchmarkProfile(
        maxDocs,
        ramBufferMb,
        searchJvms,
        repetitions,
        warmup,
        queriesPerCategory,
        taskSeed,
        tasksFile,
        jvmArgs,
        indexing,
        pkLookups,
        nrt,
        load,
        loadDirectories,
        calibration,
        disturbance,
        stepTimeout,
        maxWarmupSeconds,
        measurements,
        knn,
        vectorIndexing,
        record,
        benchmarks);
  }

  /** The same profile with the sections of its other benchmarks ({@link ProfileSections}). */
  public BenchmarkProfile withBenchmarks(Map<String, StepSpec> sections) {
    return new BenchmarkProfile(
        maxDocs,
        ramBufferMb,
        searchJvms,
        repetitions,
        warmup,
        queriesPerCategory,
        taskSeed,
        tasksFile,
        jvmArgs,
        indexing,
        pkLookups,
        nrt,
        load,
        loadDirectories,
        calibration,
        disturbance,
        stepTimeout,
        maxWarmupSeconds,
        measurements,
        knn,
        vectorIndexing,
        jfr,
        sections);
  }

  /**
   * The profile's section of {@code benchmark}, bound into its spec record, when the profile has
   * one and this record does not hold it as a component of its own.
   */
  public Optional<StepSpec> section(BenchmarkDefinition benchmark) {
    return Optional.ofNullable(benchmarks.get(benchmark.name()));
  }

  /** The variant whose index the query benchmarks read. */
  public IndexingVariant searchIndex() {
    return indexing.get(0);
  }

  /** The RAM buffer of a variant: its own, or the profile's. */
  public int ramBufferMb(IndexingVariant variant) {
    return variant.ramBufferMb() > 0 ? variant.ramBufferMb() : ramBufferMb;
  }
}
