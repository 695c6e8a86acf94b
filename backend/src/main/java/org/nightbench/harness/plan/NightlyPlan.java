package org.nightbench.harness.plan;

import static org.nightbench.harness.plan.Product.EMBEDDINGS;
import static org.nightbench.harness.plan.Product.TASKS;
import static org.nightbench.harness.plan.Product.TASK_VECTORS;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.SeriesTasks;
import org.nightbench.harness.plan.PlanStep.Measure;
import org.nightbench.harness.plan.PlanStep.Prepare;
import org.nightbench.harness.plan.PlanStep.Role;
import org.nightbench.harness.plan.PlanStep.Skip;
import org.nightbench.harness.plan.PlanStep.SpecFor;
import org.nightbench.harness.plan.PlanStep.Together;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.EmbedSpec;
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
 * A nightly run's steps on its one side: embed the corpus (so the search index's documents carry
 * the vectors), index it once per indexing variant, take or generate the tasks, then every other
 * benchmark the profile asks for in the order of {@link Benchmarks#all()} (search in several fresh
 * JVMs, PK lookups, facet timings, NRT, load sweeps, the nightly's other measurements, KNN and
 * vector indexing). A benchmark whose input failed is passed over and named as skipped.
 */
final class NightlyPlan {

  private final BenchmarkProfile profile;
  private final ProfileSpecs specs;
  private final Path corpus;
  private final Path work;
  private final EmbeddingModel embedding;
  private final Path index;
  private final Path tasks;
  private final Path docs;
  private final Path queries;
  private final Path taskVectors;
  private final List<PlanStep> plan = new ArrayList<>();

  NightlyPlan(BenchmarkProfile profile, Path corpus, Path work, EmbeddingModel embedding) {
    this.profile = profile;
    this.specs = new ProfileSpecs(profile);
    this.corpus = corpus;
    this.work = work;
    this.embedding = profile.section(KnnSpec.class).isEmpty() ? null : embedding;
    this.index = work.resolve("index");
    this.tasks = profile.tasksFile() != null ? profile.tasksFile() : work.resolve("tasks.txt");
    this.docs = work.resolve("docs.vec");
    this.queries = work.resolve("queries.vec");
    this.taskVectors = work.resolve("task-vectors.vec");
  }

  StepPlan build() {
    embed();
    indexes();
    generateTasks();
    embedTasks();
    plan.add(new Skip("search, NRT and load", "they need the task file", Set.of(TASKS)));
    for (BenchmarkDefinition benchmark : Benchmarks.all()) {
      benchmark(benchmark).run();
    }
    return new StepPlan(plan, profile.tasksFile() != null ? Set.of(TASKS) : Set.of());
  }

  /**
   * The steps of {@code benchmark}, in the definitions' order, each only when the profile asks for
   * it: the benchmarks with settings of the profile's own (variants, modes, formats, several JVMs)
   * plan their steps here; every other benchmark is one JVM running the profile's section of it
   * ({@link #fromProfile}). Indexing and the embedding are planned first, as every other benchmark
   * reads what they make; the calibration is timed around the run ({@link
   * NightlyBenchmarks#calibrate}).
   */
  private Runnable benchmark(BenchmarkDefinition benchmark) {
    Set<Product> needs = needs(benchmark);
    Map<BenchmarkDefinition, Runnable> own =
        Map.ofEntries(
            Map.entry(IndexSpec.DEFINITION, () -> {}),
            Map.entry(EmbedSpec.DEFINITION, () -> {}),
            Map.entry(CalibrateSpec.DEFINITION, () -> {}),
            Map.entry(SearchSpec.DEFINITION, () -> search(needs)),
            Map.entry(
                PkLookupSpec.DEFINITION,
                () -> {
                  if (profile.section(PkLookupSpec.class).isPresent()) {
                    measure("PK lookups", specs.pkLookups(index), "pk.json", needs);
                  }
                }),
            Map.entry(NrtSpec.DEFINITION, () -> nrt(needs)),
            Map.entry(LoadSpec.DEFINITION, () -> load(needs)),
            Map.entry(PkPostingsSpec.DEFINITION, () -> pkPostings(needs)),
            Map.entry(CheckIndexSpec.DEFINITION, () -> checkIndex(needs)),
            Map.entry(ColdSearchSpec.DEFINITION, () -> coldSearch(needs)),
            Map.entry(StoredFieldsSpec.DEFINITION, () -> storedFields(needs)),
            Map.entry(KnnSpec.DEFINITION, () -> knn(needs)),
            Map.entry(VectorIndexingSpec.DEFINITION, () -> vectorIndexing(needs)));
    return own.getOrDefault(benchmark, () -> fromProfile(benchmark, needs));
  }

  /**
   * One JVM running the profile's section of {@code benchmark}, completed with the run's inputs
   * ({@link RunInputs}); nothing when the profile has no section of it.
   */
  private void fromProfile(BenchmarkDefinition benchmark, Set<Product> needs) {
    profile
        .section(benchmark)
        .ifPresent(
            section -> {
              Path scratch = work.resolve(benchmark.name());
              StepSpec spec =
                  new RunInputs(corpus, index, tasks, docs, queries, profile.taskSeed())
                      .complete(section, benchmark, scratch);
              // Named on the run's page as the comparison form names it.
              plan.add(
                  step(
                      benchmark.label(),
                      Role.OPTIONAL,
                      SpecFor.of(spec),
                      benchmark.name() + ".json",
                      needs,
                      scratch));
            });
  }

  /**
   * What a benchmark's steps need that an earlier step of the run makes, read from its definition's
   * inputs: a step reading the task file is passed over when generating it failed, one reading the
   * vectors when embedding failed. The corpus and the index are not products: without them there is
   * no run.
   */
  private static Set<Product> needs(BenchmarkDefinition benchmark) {
    Set<Product> needs = EnumSet.noneOf(Product.class);
    for (Input input : benchmark.inputs()) {
      switch (input) {
        case TASKS -> needs.add(TASKS);
        case VECTORS -> needs.add(EMBEDDINGS);
        case CORPUS, INDEX -> {}
      }
    }
    return needs;
  }

  /**
   * The corpus embedded (or found embedded in the cache) before indexing. The KNN queries are a
   * luceneutil task file's {@code vector//} texts when the profile gives one, else titles of
   * documents the index has not seen.
   */
  private void embed() {
    if (embedding == null) {
      return;
    }
    plan.add(
        new Prepare(
            "embedding",
            0,
            SpecFor.of(embedSpec()),
            work.resolve("embed.json"),
            queries,
            embedding.jars(),
            Set.of(),
            EMBEDDINGS,
            null));
    plan.add(new Skip("KNN and the vector tasks", "they need the embeddings", Set.of(EMBEDDINGS)));
  }

  private EmbedSpec embedSpec() {
    return specs.embed(corpus, profile.tasksFile(), embedding.cacheDirectory(), docs, queries);
  }

  /**
   * Indexes the corpus once per variant. The first variant's index is the one the later benchmarks
   * read, its documents carrying the embedded vectors when there are any (luceneutil's {@code
   * vector//} tasks search them); the others measure indexing and are thrown away, as they would
   * fill the disk.
   */
  private void indexes() {
    for (IndexSpec variant : profile.indexing()) {
      String name = variant.variant();
      String step = name.equals(IndexSpec.DEFAULT_VARIANT) ? "indexing" : "indexing " + name;
      if (variant == profile.searchIndex()) {
        IndexSpec spec = specs.index(variant, corpus, index);
        SpecFor withVectors = made -> made.contains(EMBEDDINGS) ? spec.withDocVectors(docs) : spec;
        plan.add(step(step, Role.REQUIRED, withVectors, "index.json", Set.of(), null));
      } else {
        Path variantIndex = work.resolve("index-" + name);
        StepSpec spec = specs.index(variant, corpus, variantIndex);
        String out = "index-" + name + ".json";
        plan.add(step(step, Role.OPTIONAL, SpecFor.of(spec), out, Set.of(), variantIndex));
      }
    }
  }

  /** The task file generated from the index, unless the profile gives one. */
  private void generateTasks() {
    if (profile.tasksFile() == null) {
      SpecFor spec = SpecFor.of(specs.generateTasks(corpus, index));
      plan.add(
          new Prepare("generating tasks", 0, spec, tasks, tasks, List::of, Set.of(), TASKS, null));
    }
  }

  /**
   * The query vectors of the task file's {@code vector//} texts, embedded in the embed JVM so the
   * search JVMs need no model; without them the search JVMs leave the vector tasks out.
   */
  private void embedTasks() {
    if (embedding == null) {
      return;
    }
    plan.add(
        new Prepare(
            "embedding the vector tasks",
            0,
            SpecFor.of(embedSpec().withTaskVectors(tasks, taskVectors)),
            work.resolve("embed-tasks.json"),
            taskVectors,
            embedding.jars(),
            Set.of(EMBEDDINGS, TASKS),
            TASK_VECTORS,
            null));
  }

  /** The search JVMs: one benchmark together, all of their results or none. */
  private void search(Set<Product> needs) {
    List<Measure> jvms = new ArrayList<>();
    for (int jvm = 1; jvm <= profile.searchJvms(); jvm++) {
      SearchSpec search = specs.search(index, tasks, jvm);
      SpecFor spec =
          made -> made.contains(TASK_VECTORS) ? search.withTaskVectors(taskVectors) : search;
      String step = "search JVM " + jvm + "/" + profile.searchJvms();
      jvms.add(step(step, Role.OPTIONAL, spec, "search-" + jvm + ".json", needs, null));
    }
    plan.add(new Together("search", jvms, needs));
  }

  private void nrt(Set<Product> needs) {
    profile
        .nrt()
        .forEach(
            (name, variant) -> {
              Path nrtWork = work.resolve("nrt-" + name);
              plan.add(
                  new Measure(
                      "NRT " + name,
                      0,
                      Role.OPTIONAL,
                      null,
                      SpecFor.of(specs.nrt(variant, index, nrtWork, corpus, tasks)),
                      work.resolve("nrt-" + name + ".json"),
                      needs,
                      result -> SeriesTasks.rename(result, NrtSpec.DEFINITION.series(), name),
                      nrtWork));
            });
  }

  private void load(Set<Product> needs) {
    if (profile.section(LoadSpec.class).isEmpty()) {
      return;
    }
    for (String directory : profile.loadDirectories().directories()) {
      plan.add(
          step(
              "load sweep on " + directory,
              Role.OPTIONAL,
              SpecFor.of(specs.load(directory, index, tasks)),
              "load-" + directory + ".json",
              needs,
              null));
    }
  }

  /**
   * PK lookups with the id postings in RAM: a release without lucene-codecs measures nothing there
   * and the harness's note says so on the run.
   */
  private void pkPostings(Set<Product> needs) {
    if (profile.section(PkPostingsSpec.class).isPresent()) {
      Path copies = work.resolve("pk-postings");
      plan.add(
          step(
              "PK lookups, id postings in RAM",
              Role.OPTIONAL,
              SpecFor.of(specs.pkPostings(index, copies)),
              "pk-postings.json",
              needs,
              copies));
    }
  }

  /** CheckIndex of the index the queries read. */
  private void checkIndex(Set<Product> needs) {
    if (profile.section(CheckIndexSpec.class).isPresent()) {
      StepSpec spec = specs.checkIndex(profile.searchIndex().variant(), index);
      measure("CheckIndex", spec, "check-index.json", needs);
    }
  }

  /** Search on a cold page cache. */
  private void coldSearch(Set<Product> needs) {
    if (profile.section(ColdSearchSpec.class).isPresent()) {
      String step = "cold page cache search";
      plan.add(new Skip(step, "it needs the task file", Set.of(TASKS)));
      SpecFor spec = SpecFor.of(specs.coldSearch(index, tasks));
      plan.add(step(step, Role.OPTIONAL, spec, "cold-search.json", needs, null));
    }
  }

  /** The stored fields benchmark per mode, each on an index of its own. */
  private void storedFields(Set<Product> needs) {
    if (profile.section(StoredFieldsSpec.class).isPresent()) {
      for (String mode : profile.storedFieldsModes().modes()) {
        Path storedIndex = work.resolve("stored-fields-" + mode);
        plan.add(
            step(
                "stored fields " + mode,
                Role.OPTIONAL,
                SpecFor.of(specs.storedFields(mode, corpus, storedIndex)),
                "stored-fields-" + mode + ".json",
                needs,
                storedIndex));
      }
    }
  }

  /** Vector search, on an index of its own. */
  private void knn(Set<Product> needs) {
    if (embedding == null) {
      return;
    }
    StepSpec knn = specs.knn(docs, queries, embedding.cacheDirectory(), work.resolve("knn"));
    plan.add(step("KNN", Role.OPTIONAL, SpecFor.of(knn), "knn.json", needs, null));
  }

  /**
   * Indexing throughput with a vector field: the embedded documents indexed once per vector format,
   * each in its own JVM as an indexing variant is.
   */
  private void vectorIndexing(Set<Product> needs) {
    if (embedding == null || profile.section(VectorIndexingSpec.class).isEmpty()) {
      return;
    }
    Path vectorIndex = work.resolve("vector-index");
    VectorIndexingSpec spec = specs.vectorIndexing(corpus, docs, vectorIndex);
    List<String> formats = spec.formats();
    for (int i = 0; i < formats.size(); i++) {
      String format = formats.get(i);
      // The formats write one after another into the same directory, removed after the last.
      Path scratch = i == formats.size() - 1 ? vectorIndex : null;
      plan.add(
          step(
              "vector indexing " + format,
              Role.OPTIONAL,
              SpecFor.of(spec.withFormat(format)),
              "vector-indexing-" + format + ".json",
              needs,
              scratch));
    }
  }

  private void measure(String step, StepSpec spec, String out, Set<Product> needs) {
    plan.add(step(step, Role.OPTIONAL, SpecFor.of(spec), out, needs, null));
  }

  private Measure step(
      String step, Role role, SpecFor spec, String out, Set<Product> needs, Path scratch) {
    return new Measure(
        step, 0, role, null, spec, work.resolve(out), needs, UnaryOperator.identity(), scratch);
  }
}
