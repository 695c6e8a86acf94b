package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.benchjobs.vectors.VectorFile;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/**
 * Real MiniLM embeddings of a few hundred europarl documents: computed once and then read from the
 * cache, unit length, and good enough that KNN over them finds the exact neighbours.
 */
class EmbedCommandTest {

  @TempDir Path tmp;

  @Test
  void embedsOnceThenReusesTheCacheAndKnnOverTheVectorsWorks() throws Exception {
    Path corpus = Europarl.corpus(tmp);
    Path cache = tmp.resolve("cache");
    Path tasks = tmp.resolve("vector.tasks");
    Files.writeString(
        tasks,
        "VectorSearch: vector//european union # freq=1\n"
            + "VectorSearch: vector//fishing quotas in the north sea\n"
            + "HighTerm: commission\n");

    HarnessResult first = embed(corpus, cache, tasks, "first");
    assertThat(value(first, "cached")).isZero();
    assertThat(value(first, "docsPerSec")).isPositive();
    float[][] docs = VectorFile.read(tmp.resolve("first-docs.vec"), 384, 1000);
    assertThat(docs).hasNumberOfRows(300);
    double norm = 0;
    for (float x : docs[7]) {
      norm += x * x;
    }
    assertThat(Math.sqrt(norm)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
    assertThat(VectorFile.count(tmp.resolve("first-queries.vec"), 384)).isEqualTo(2);

    HarnessResult second = embed(corpus, cache, tasks, "second");
    assertThat(value(second, "cached")).isEqualTo(1);
    assertThat(second.metrics()).extracting(Metric::name).doesNotContain("docsPerSec");
    assertThat(Files.mismatch(tmp.resolve("first-docs.vec"), tmp.resolve("second-docs.vec")))
        .isEqualTo(-1);

    // Without vector tasks the queries are titles the index has not seen.
    HarnessResult titles = embed(corpus, cache, null, "titles");
    assertThat(value(titles, "cached")).as("documents cached, new queries embedded").isEqualTo(1);
    assertThat(VectorFile.count(tmp.resolve("titles-queries.vec"), 384)).isEqualTo(20);

    // The search benchmark's vector// texts, options cut: three tasks, two texts, one vector each.
    Path searchTasks = tmp.resolve("search.tasks");
    Files.writeString(
        searchTasks,
        "VectorSearch: vector//european union\n"
            + "PreFilteredVectorSearch: vector//european union +preFilter=5%\n"
            + "PostFilteredVectorSearch: vector//fishing quotas in the north sea +filter=5%\n");
    Path taskVectors = tmp.resolve("task-vectors.vec");
    HarnessResult withTasks =
        embed(
            corpus,
            cache,
            null,
            "search",
            "--search-tasks",
            searchTasks.toString(),
            "--task-vectors",
            taskVectors.toString());
    assertThat(value(withTasks, "cached")).isEqualTo(1);
    assertThat(Files.readAllLines(QueryVectors.textsFile(taskVectors)))
        .containsExactly("european union", "fishing quotas in the north sea");
    assertThat(QueryVectors.read(taskVectors, 384).of("european union").orElseThrow())
        .as("the same text embeds to the same vector as the KNN step's query")
        .containsExactly(VectorFile.read(tmp.resolve("first-queries.vec"), 384, 1)[0]);

    Path out = tmp.resolve("knn.json");
    int code =
        Harness.run(
            System.err,
            "knn",
            "--doc-vectors",
            tmp.resolve("titles-docs.vec").toString(),
            "--query-vectors",
            tmp.resolve("titles-queries.vec").toString(),
            "--dimension",
            "384",
            "--vector-formats",
            "hnsw,int7",
            "--fanouts",
            "0,50",
            "--filter-percents",
            "50",
            "--cache-dir",
            cache.toString(),
            "--work-dir",
            tmp.resolve("work").toString(),
            "--out",
            out.toString());
    assertThat(code).isZero();
    HarnessResult knn = ResultWriter.read(out);
    assertThat(
            knn.metrics().stream()
                .filter(m -> m.task().equals("hnsw-fanout50") && m.name().equals("recall"))
                .findFirst()
                .orElseThrow()
                .value())
        .isGreaterThan(0.9);
  }

  private HarnessResult embed(Path corpus, Path cache, Path tasks, String name, String... extra)
      throws Exception {
    Path out = tmp.resolve(name + ".json");
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "embed",
                "--corpus",
                corpus.toString(),
                "--max-docs",
                "300",
                "--max-queries",
                "20",
                "--cache-dir",
                cache.toString(),
                "--doc-vectors",
                tmp.resolve(name + "-docs.vec").toString(),
                "--query-vectors",
                tmp.resolve(name + "-queries.vec").toString(),
                "--out",
                out.toString()));
    if (tasks != null) {
      args.addAll(List.of("--tasks", tasks.toString()));
    }
    args.addAll(List.of(extra));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Harness.run(
            new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return ResultWriter.read(out);
  }

  private static double value(HarnessResult result, String name) {
    return result.metrics().stream()
        .filter(m -> m.name().equals(name))
        .mapToDouble(Metric::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + name));
  }
}
