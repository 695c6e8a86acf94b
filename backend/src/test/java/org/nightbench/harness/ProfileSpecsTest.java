package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.FacetTimingsSpec;
import org.nightbench.protocol.SpecInputs;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.VectorIndexingSpec;
import org.nightbench.protocol.spec.HandRun;

/**
 * The harness receives exactly what it received before the spec files: for every step of every
 * configured profile, the spec {@link ProfileSpecs} builds equals the spec read from the command
 * line the old {@code HarnessCommands} wrote (recorded in {@code
 * harness/command-lines-before-issue-31.tsv}, one line per profile and step). Same settings into
 * the same measurement code give the same benchmark, task and metric names, so every series of a
 * database filled before the change goes on with the same identity.
 */
class ProfileSpecsTest {

  private static final Path CORPUS = Path.of("/c/corpus.gz");
  private static final Path INDEX = Path.of("/w/index");
  private static final Path TASKS = Path.of("/w/tasks.txt");
  private static final Path OUT = Path.of("/w/out.json");
  private static final Path WORK = Path.of("/w/work");
  private static final Path CACHE = Path.of("/cache");
  private static final Path DOCS = Path.of("/w/docs.vec");
  private static final Path QUERIES = Path.of("/w/queries.vec");
  private static final Path TASK_VECTORS = Path.of("/w/task-vectors.vec");

  @Test
  void everyStepOfEveryProfileIsWhatItsOldCommandLineSaid() throws IOException {
    Map<String, BenchmarkProfile> profiles = profiles();
    List<String> lines = resource("harness/command-lines-before-issue-31.tsv").lines().toList();
    assertThat(lines).hasSizeGreaterThan(100);
    for (String line : lines) {
      String[] fields = line.split("\t");
      BenchmarkProfile profile = profiles.get(fields[0]);
      assertThat(profile).as("profile %s", fields[0]).isNotNull();
      HandRun old = HandRun.parse(fields[2].split(" "));

      StepSpec now = spec(new ProfileSpecs(profile), fields[1]);

      assertThat(now).as("%s %s", fields[0], fields[1]).isEqualTo(old.spec());
      assertThat(old.out()).isEqualTo(fields[1].equals("generate-tasks") ? TASKS : OUT);
    }
  }

  @Test
  void theQuickAndNightlyProfilesIndexWithVectorsPerFormatInAJvmEach() throws IOException {
    Map<String, BenchmarkProfile> profiles = profiles();
    Path vectorIndex = Path.of("/w/vector-index");

    VectorIndexingSpec quick =
        new ProfileSpecs(profiles.get("quick")).vectorIndexing(CORPUS, DOCS, vectorIndex);
    VectorIndexingSpec nightly =
        new ProfileSpecs(profiles.get("nightly")).vectorIndexing(CORPUS, DOCS, vectorIndex);

    assertThat(quick)
        .isEqualTo(
            new VectorIndexingSpec(
                CORPUS, DOCS, vectorIndex, 384, List.of("float32", "int8"), 5000L, 64.0));
    assertThat(nightly.maxDocs()).isNull();
    assertThat(nightly.ramBufferMb()).isEqualTo(256.0);
    assertThat(nightly.withFormat("int8").formats()).containsExactly("int8");
  }

  /** The step a fixture line names, built as the run's steps build it. */
  private static StepSpec spec(ProfileSpecs specs, String key) {
    BenchmarkProfile profile = specs.profile();
    String[] words = key.split(" ", 2);
    String arg = words.length > 1 ? words[1] : null;
    return switch (words[0]) {
      case "index" ->
          specs.index(
              profile.indexing().stream().filter(v -> v.variant().equals(arg)).findFirst().get(),
              CORPUS,
              INDEX);
      case "index-side" ->
          specs.index(
              ProfileSpecs.repeatable(profile.searchIndex()), CORPUS, INDEX, "speed", "FST50");
      case "index-vectors" ->
          specs.index(profile.searchIndex(), CORPUS, INDEX).withDocVectors(DOCS);
      case "generate-tasks" -> specs.generateTasks(CORPUS, INDEX);
      case "search" -> specs.search(INDEX, TASKS, Integer.parseInt(arg));
      case "search-nio" -> specs.search(INDEX, TASKS, 1).withDirectory("nio");
      case "search-vectors" -> specs.search(INDEX, TASKS, 1).withTaskVectors(TASK_VECTORS);
      case "pk-lookup" -> specs.pkLookups(INDEX);
      // Planned from the profile's section, completed with the run's index (plan.RunInputs).
      case "facet-timings" ->
          SpecInputs.complete(
              profile.section(FacetTimingsSpec.DEFINITION).orElseThrow(),
              Map.of("indexDir", INDEX));
      case "nrt" -> specs.nrt(profile.nrt().get(arg), INDEX, WORK, CORPUS, TASKS);
      case "load" -> specs.load(arg, INDEX, TASKS);
      case "calibrate" -> specs.calibrate();
      case "stored-fields" -> specs.storedFields(arg, CORPUS, INDEX);
      case "check-index" -> specs.checkIndex(profile.searchIndex().variant(), INDEX);
      case "pk-postings" -> specs.pkPostings(INDEX, WORK);
      case "cold-search" -> specs.coldSearch(INDEX, TASKS);
      case "embed" -> specs.embed(CORPUS, profile.tasksFile(), CACHE, DOCS, QUERIES);
      case "embed-tasks" ->
          specs
              .embed(CORPUS, profile.tasksFile(), CACHE, DOCS, QUERIES)
              .withTaskVectors(TASKS, TASK_VECTORS);
      case "knn" -> specs.knn(DOCS, QUERIES, CACHE, WORK);
      default -> throw new IllegalArgumentException("unknown fixture step " + key);
    };
  }

  private static Map<String, BenchmarkProfile> profiles() throws IOException {
    return ConfiguredProfiles.all();
  }

  private static String resource(String name) throws IOException {
    return ConfiguredProfiles.resource(name);
  }
}
