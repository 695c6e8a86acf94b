package org.nightbench.harness.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.plan.PlanStep.Local;
import org.nightbench.harness.plan.PlanStep.Measure;
import org.nightbench.harness.plan.PlanStep.Note;
import org.nightbench.harness.plan.PlanStep.Prepare;
import org.nightbench.harness.plan.PlanStep.Role;
import org.nightbench.harness.plan.PlanStep.SpecFor;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.Input;
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
 * The steps of a comparison or a bisect probe: the measured indexing, the index each side's queries
 * read, the tasks, then each benchmark asked for in the catalogue's order, every JVM of one side
 * followed by the other side's. Every step is required: a comparison missing a JVM on one side
 * would weigh the sides unevenly.
 */
final class InterleavedPlan {

  private final BenchmarkProfile profile;
  private final ProfileSpecs specs;
  private final Path corpus;
  private final Path work;
  private final EmbeddingModel embedding;
  private final List<PlanSide> sides;
  private final int jvms;
  private final boolean sharedIndex;
  private final List<PlanStep> plan = new ArrayList<>();
  private Path tasks;
  private boolean embedded;

  /** One side's JVM's spec. */
  @FunctionalInterface
  private interface SideSpec {
    StepSpec spec(PlanSide side, int jvm);
  }

  /** The directory one side's JVM fills only to be measured; null for none. */
  @FunctionalInterface
  private interface SideScratch {
    Path directory(PlanSide side, int jvm);

    SideScratch NONE = (side, jvm) -> null;
  }

  InterleavedPlan(
      BenchmarkProfile profile,
      Path corpus,
      Path work,
      EmbeddingModel embedding,
      List<PlanSide> sides,
      int jvms,
      boolean sharedIndex) {
    this.profile = profile;
    this.specs = new ProfileSpecs(profile);
    this.corpus = corpus;
    this.work = work;
    this.embedding = embedding;
    this.sides = List.copyOf(sides);
    this.jvms = jvms;
    this.sharedIndex = sharedIndex;
  }

  StepPlan build(Collection<String> benchmarks, TaskSelection selection) {
    for (BenchmarkDefinition benchmark : Benchmarks.comparable()) {
      if (benchmarks.contains(benchmark.name())) {
        benchmark(benchmark).run();
      }
      if (benchmark == IndexSpec.DEFINITION) {
        // Whatever is asked for, the queries' indexes and tasks come right after the measured
        // indexing: every later benchmark but KNN reads them.
        queryIndexes();
        tasks(selection);
      }
    }
    return new StepPlan(plan, Set.of()).numbered();
  }

  /**
   * The steps that plan {@code benchmark}, each JVM's named after it: the benchmarks with settings
   * of the profile's own (variants, modes, formats) plan their steps here; every other comparable
   * benchmark runs the profile's section of it in each side's JVMs ({@link #fromProfile}).
   */
  private Runnable benchmark(BenchmarkDefinition benchmark) {
    String name = benchmark.name();
    Map<BenchmarkDefinition, Runnable> own =
        Map.ofEntries(
            Map.entry(IndexSpec.DEFINITION, this::indexing),
            Map.entry(
                SearchSpec.DEFINITION,
                () ->
                    interleave(
                        name,
                        (side, jvm) ->
                            specs.search(index(side), tasks, jvm).withDirectory(side.directory()),
                        SideScratch.NONE)),
            Map.entry(
                PkLookupSpec.DEFINITION,
                () ->
                    interleave(
                        name, (side, jvm) -> specs.pkLookups(index(side)), SideScratch.NONE)),
            Map.entry(NrtSpec.DEFINITION, () -> nrt(name)),
            Map.entry(
                LoadSpec.DEFINITION,
                () -> {
                  String directory = profile.loadDirectories().directories().get(0);
                  interleave(
                      name + " " + directory,
                      (side, jvm) -> specs.load(directory, index(side), tasks),
                      SideScratch.NONE);
                }),
            Map.entry(
                PkPostingsSpec.DEFINITION,
                () ->
                    interleave(
                        name,
                        (side, jvm) -> specs.pkPostings(index(side), scratch(name, side)),
                        (side, jvm) -> scratch(name, side))),
            Map.entry(
                CheckIndexSpec.DEFINITION,
                () ->
                    interleave(
                        name,
                        (side, jvm) ->
                            specs.checkIndex(profile.searchIndex().variant(), index(side)),
                        SideScratch.NONE)),
            Map.entry(
                ColdSearchSpec.DEFINITION,
                () ->
                    interleave(
                        name,
                        (side, jvm) -> specs.coldSearch(index(side), tasks),
                        SideScratch.NONE)),
            Map.entry(StoredFieldsSpec.DEFINITION, () -> storedFields(name)),
            Map.entry(KnnSpec.DEFINITION, () -> knn(name)),
            Map.entry(VectorIndexingSpec.DEFINITION, () -> vectorIndexing(name)));
    if (!benchmark.comparable()) {
      return () -> {
        throw new IllegalArgumentException("no comparison runs " + name);
      };
    }
    return own.getOrDefault(benchmark, () -> fromProfile(benchmark));
  }

  /**
   * The profile's section of {@code benchmark} in each side's JVMs, completed with the side's index
   * and a scratch directory of its own ({@link RunInputs}).
   */
  private void fromProfile(BenchmarkDefinition benchmark) {
    String name = benchmark.name();
    StepSpec section =
        profile
            .section(benchmark)
            .orElseThrow(() -> new IllegalArgumentException("the profile has no " + name));
    if (benchmark.inputs().contains(Input.VECTORS)) {
      embedOnce();
    }
    interleave(
        name,
        (side, jvm) ->
            new RunInputs(corpus, index(side), tasks, docs(), queries(), profile.taskSeed())
                .complete(section, benchmark, scratch(name, side)),
        (side, jvm) -> scratch(name, side));
  }

  /** Measured as the profile indexes, every JVM into an index of its own, thrown away. */
  private void indexing() {
    IndexSpec variant = profile.searchIndex();
    SideScratch directory = (side, jvm) -> work.resolve("indexing-" + side.name() + "-" + jvm);
    interleave(
        "indexing " + variant.variant(),
        (side, jvm) -> index(side, variant, directory.directory(side, jvm)),
        directory);
  }

  /**
   * What the queries read is built repeatably: with a multi-threaded build, the two sides' segments
   * would differ, and an A/A comparison would find differences that are real but are the index's,
   * not the revision's. Sides that would write the same bytes share one copy, as luceneutil's
   * competitors share an index: then nothing but the side's own settings can differ, not even where
   * the files sit in the page cache.
   */
  private void queryIndexes() {
    IndexSpec repeatable = ProfileSpecs.repeatable(profile.searchIndex());
    for (PlanSide side : sharedIndex ? sides.subList(0, 1) : sides) {
      plan.add(
          new Measure(
              "indexing " + side.name() + " for the queries",
              sides.indexOf(side),
              Role.QUERY_INDEX,
              null,
              SpecFor.of(index(side, repeatable, index(side))),
              work.resolve("index-" + side.name() + ".json"),
              Set.of(),
              UnaryOperator.identity(),
              null));
    }
    if (sharedIndex) {
      plan.add(
          new Note(
              "both sides write the same index: the "
                  + sides.get(1).name()
                  + " reads the "
                  + sides.get(0).name()
                  + "'s"));
    }
  }

  /** The profile's task file, or one generated from the first side's index, cut to categories. */
  private void tasks(TaskSelection selection) {
    Path all = profile.tasksFile();
    if (all == null) {
      all = work.resolve("tasks.txt");
      plan.add(
          new Prepare(
              "generating tasks",
              0,
              SpecFor.of(specs.generateTasks(corpus, index(sides.get(0)))),
              all,
              all,
              List::of,
              Set.of(),
              Product.TASKS,
              "generating the tasks failed; see the log"));
    }
    tasks = all;
    if (selection != null) {
      Path from = all;
      Path selected = work.resolve("tasks-selected.txt");
      plan.add(new Local("selecting the tasks", Set.of(), () -> selection.select(from, selected)));
      tasks = selected;
    }
  }

  private void nrt(String name) {
    profile
        .nrt()
        .forEach(
            (variant, nrt) ->
                interleave(
                    name + " " + variant,
                    (side, jvm) -> specs.nrt(nrt, index(side), scratch(name, side), corpus, tasks),
                    (side, jvm) -> scratch(name, side)));
  }

  private void storedFields(String name) {
    for (String mode : profile.storedFieldsModes().modes()) {
      SideScratch directory = (side, jvm) -> scratch(name + "-" + mode, side);
      interleave(
          name + " " + mode,
          (side, jvm) -> specs.storedFields(mode, corpus, directory.directory(side, jvm)),
          directory);
    }
  }

  /**
   * Vector search: the corpus embedded once (or found in the cache) for both sides, then each
   * side's JVMs index and search the same vectors per format, with recall against the same exact
   * neighbours.
   */
  private void knn(String name) {
    embedOnce();
    interleave(
        name,
        (side, jvm) ->
            specs.knn(docs(), queries(), embedding.cacheDirectory(), scratch(name, side)),
        (side, jvm) -> scratch(name, side));
  }

  /**
   * Indexing throughput with a vector field: the documents embedded once for both sides (the same
   * embedding KNN uses), each format's JVMs alternating between the sides.
   */
  private void vectorIndexing(String name) {
    embedOnce();
    VectorIndexingSpec spec = specs.vectorIndexing(corpus, docs(), work.resolve("vector-index"));
    for (String format : spec.formats()) {
      SideScratch directory =
          (side, jvm) -> work.resolve("vector-index-" + side.name() + "-" + jvm);
      interleave(
          name + " " + format,
          (side, jvm) -> spec.withFormat(format).on(corpus, docs(), directory.directory(side, jvm)),
          directory);
    }
  }

  /**
   * Embeds the corpus for both sides, once for KNN and vector indexing together. The queries are
   * titles of documents the index has not seen, as a nightly run's KNN step has them without a
   * luceneutil task file; the same files for both sides.
   */
  private void embedOnce() {
    if (embedded) {
      return;
    }
    embedded = true;
    plan.add(
        new Prepare(
            "embedding",
            0,
            SpecFor.of(
                specs.embed(
                    corpus, profile.tasksFile(), embedding.cacheDirectory(), docs(), queries())),
            work.resolve("embed.json"),
            queries(),
            embedding.jars(),
            Set.of(),
            Product.EMBEDDINGS,
            "embedding the corpus for vectors failed; see the log"));
  }

  /** One benchmark in {@code jvms} JVMs per side: A B, then B A, and so on. */
  private void interleave(String benchmark, SideSpec spec, SideScratch scratch) {
    for (int jvm = 1; jvm <= jvms; jvm++) {
      List<PlanSide> order = new ArrayList<>(sides);
      if (jvm % 2 == 0) {
        java.util.Collections.reverse(order);
      }
      for (PlanSide side : order) {
        int number = jvm;
        plan.add(
            new Measure(
                benchmark + " " + side.name() + " JVM " + jvm + "/" + jvms,
                sides.indexOf(side),
                Role.SAMPLE,
                benchmark,
                made -> spec.spec(side, number),
                work.resolve(benchmark.replace(' ', '-') + "-" + side.name() + "-" + jvm + ".json"),
                Set.of(),
                UnaryOperator.identity(),
                scratch.directory(side, jvm)));
      }
    }
  }

  /** The index {@code side}'s queries read: its own, or the first side's when they share one. */
  private Path index(PlanSide side) {
    PlanSide writer = sharedIndex ? sides.get(0) : side;
    return work.resolve("index-" + writer.name());
  }

  /** The indexing step of {@code side}: its own stored fields and postings format. */
  private IndexSpec index(PlanSide side, IndexSpec variant, Path directory) {
    return specs.index(variant, corpus, directory, side.storedFields(), side.postingsFormat());
  }

  private Path scratch(String what, PlanSide side) {
    return work.resolve(what + "-" + side.name());
  }

  private Path docs() {
    return work.resolve("docs.vec");
  }

  private Path queries() {
    return work.resolve("queries.vec");
  }
}
