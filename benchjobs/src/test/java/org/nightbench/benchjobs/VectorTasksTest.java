package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.Outcome;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.benchjobs.search.VectorQueries;
import org.nightbench.benchjobs.taskgen.TaskGenerator;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.benchjobs.vectors.VectorFile;
import org.nightbench.benchjobs.vectors.VectorTaskTexts;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;
import org.nightbench.protocol.tasks.TaskFileWriter;

/**
 * luceneutil's {@code vector//} categories in the search benchmark: the index's documents carry
 * vectors passed by file, the generated task file has the three vector categories, and the search
 * command runs them with query vectors passed by file (no model in the search JVM). The vectors are
 * seeded random unit vectors: what is tested is the plumbing, not MiniLM (VectorRunTests searches
 * real embeddings).
 */
class VectorTasksTest {

  private static final int DIMENSION = 384;
  private static final int EMBEDDED = 300;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;
  private static Path tasks;
  private static float[][] documentVectors;

  @BeforeAll
  static void indexWithVectorsAndGenerate() throws IOException {
    corpus = Europarl.corpus(shared);
    documentVectors = randomUnitVectors(EMBEDDED, 42);
    Path docs = shared.resolve("docs.vec");
    VectorFile.write(docs, List.of(documentVectors), DIMENSION);
    index = shared.resolve("index");
    Europarl.Cli indexed =
        Europarl.cli(
            "index",
            "--corpus",
            corpus.toString(),
            "--index-dir",
            index.toString(),
            "--max-docs",
            "500",
            "--doc-vectors",
            docs.toString(),
            "--out",
            shared.resolve("index.json").toString());
    assertThat(indexed.code()).as(indexed.err()).isZero();
    tasks = shared.resolve("tasks.txt");
    try (Indexes.Opened opened = Indexes.open(index)) {
      TaskGenerator.Generated g = TaskGenerator.generate(opened.reader(), corpus, 11, 2);
      TaskFileWriter.write(tasks, g.header(), g.tasks());
    }
  }

  @AfterEach
  void noVectorsForOtherTests() {
    VectorQueries.use(QueryVectors.NONE);
  }

  @Test
  void theFirstEmbeddedDocumentsCarryTheirVectors() throws IOException {
    try (Indexes.Opened opened = Indexes.open(index)) {
      int withVectors = 0;
      for (LeafReaderContext leaf : opened.reader().leaves()) {
        FloatVectorValues values = leaf.reader().getFloatVectorValues("vector");
        withVectors += values == null ? 0 : values.size();
      }
      // One document per corpus line here: the 300 embedded lines, the other 200 without.
      assertThat(withVectors).isEqualTo(EMBEDDED);
      assertThat(opened.reader().maxDoc()).isEqualTo(500);
    }
  }

  @Test
  void theGeneratedTaskFileHasTheThreeVectorCategories() throws IOException {
    List<Task> parsed = TaskFileParser.parse(tasks);
    assertThat(parsed.stream().map(Task::category).distinct())
        .containsSubsequence(HarnessTasks.VECTOR_CATEGORIES);
    assertThat(parsed)
        .filteredOn(t -> t.category().equals("PreFilteredVectorSearch"))
        .hasSize(2)
        .allSatisfy(t -> assertThat(t.query()).startsWith("vector//").endsWith(" +preFilter=5%"));
    assertThat(parsed)
        .filteredOn(t -> t.category().equals("PostFilteredVectorSearch"))
        .allSatisfy(t -> assertThat(t.query()).endsWith(" +filter=5%"));
    // A pre-filtered, a post-filtered and a plain task of the same words share one vector.
    assertThat(VectorTaskTexts.of(tasks)).hasSize(2);
  }

  @Test
  void vectorTasksFindNeighboursWithTheirQueryVectorsAndAreSkippedWithout() throws IOException {
    List<Task> vectorTasks =
        List.of(
            new Task("VectorSearch", "vector//european union", null, 1),
            new Task("PreFilteredVectorSearch", "vector//european union +preFilter=5%", null, 2),
            new Task("PostFilteredVectorSearch", "vector//european union +filter=5%", null, 3));
    try (Indexes.Opened opened = Indexes.open(index)) {
      var searcher = SearchBenchmark.searcher(opened.reader());
      // No vectors in this JVM: noted and skipped, not fatal (the HighTerm task still runs).
      List<Task> withTerm = new ArrayList<>(vectorTasks);
      withTerm.add(new Task("HighTerm", "commission", null, 4));
      TaskPlan without = TaskPlan.build(searcher, withTerm, "test", 10);
      assertThat(without.notes())
          .hasSize(3)
          .allSatisfy(
              n ->
                  assertThat(n)
                      .contains(
                          "no query vectors (the embedding step did not run for this search)"));

      Path vectors = tmp.resolve("task-vectors.vec");
      // The query is document 7's vector: its nearest neighbour is that document.
      QueryVectors.write(
          vectors, List.of("european union"), List.<float[]>of(documentVectors[7]), DIMENSION);
      VectorQueries.use(QueryVectors.read(vectors, DIMENSION));
      TaskPlan plan = TaskPlan.build(searcher, vectorTasks, "test", 10);
      assertThat(plan.notes()).isEmpty();
      List<Outcome> o = plan.outcomes();
      assertThat(o.get(0).hits()).as("plain KNN: top 10").isEqualTo(10);
      assertThat(o.get(1).hits()).as("pre-filtered: 10 among the filter's documents").isEqualTo(10);
      assertThat(o.get(1).topHash())
          .as("the filter inside the graph search keeps other documents than the plain search")
          .isNotEqualTo(o.get(0).topHash());
      assertThat(o.get(2).hits())
          .as("post-filtered: the top 10 less those the 5 % filter drops")
          .isLessThan(10);
    }
  }

  @Test
  void theSearchCommandReadsTheQueryVectorsByFile() throws IOException {
    List<String> texts = VectorTaskTexts.of(tasks);
    Path vectors = tmp.resolve("task-vectors.vec");
    QueryVectors.write(vectors, texts, List.of(randomUnitVectors(texts.size(), 7)), DIMENSION);
    Path out = tmp.resolve("search.json");
    Europarl.Cli searched =
        Europarl.cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            tasks.toString(),
            "--repetitions",
            "2",
            "--warmup",
            "1",
            "--max-warmup-sec",
            "0",
            "--task-vectors",
            vectors.toString(),
            "--out",
            out.toString());
    assertThat(searched.code()).as(searched.err()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.metrics())
        .extracting(m -> m.task() + "/" + m.name())
        .contains(
            "VectorSearch/qps", "PreFilteredVectorSearch/qps", "PostFilteredVectorSearch/qps");
    assertThat(result.notes()).noneMatch(n -> n.contains("Vector"));
  }

  @Test
  void aTasksTextIsItsWordsWithoutOptionsOrComment() {
    assertThat(VectorTaskTexts.text("vector//many geografia +preFilter=5% # freq=1"))
        .isEqualTo("many geografia");
    assertThat(VectorTaskTexts.text("vector//this school +filter=0.5%")).isEqualTo("this school");
    assertThat(VectorTaskTexts.text("vector//such 2007")).isEqualTo("such 2007");
  }

  private static float[][] randomUnitVectors(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    float[][] vectors = new float[n][DIMENSION];
    for (float[] v : vectors) {
      double norm = 0;
      for (int i = 0; i < DIMENSION; i++) {
        v[i] = (float) random.nextGaussian();
        norm += v[i] * v[i];
      }
      for (int i = 0; i < DIMENSION; i++) {
        v[i] /= (float) Math.sqrt(norm);
      }
    }
    return vectors;
  }
}
