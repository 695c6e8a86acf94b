package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.result.Metric;

/**
 * {@code embed}: the vectors of a corpus's first documents and of the query texts, with MiniLM on
 * this machine, computed once per corpus content, model and count and kept in the cache; later runs
 * only link them into place. Query texts are luceneutil's {@code vector//} tasks when a task file
 * has them, else titles of the documents after the indexed ones (text the index has not seen). With
 * {@code searchTasks}, it also writes the vectors of that task file's {@code vector//} texts to
 * {@code taskVectors}, for the search benchmark's vector categories.
 */
public final class Embedding implements Benchmark<EmbedSpec> {

  /** Enough of a document for its embedding; MiniLM reads a few hundred word pieces at most. */
  static final int MAX_CHARS = 1000;

  private Path corpus;
  private int maxDocs;
  private int maxQueries;
  private Path tasks;
  private Path searchTasks;
  private Path taskVectors;

  @Override
  public Report measure(EmbedSpec spec, PrintStream log) throws Exception {
    corpus = spec.corpus();
    maxDocs = spec.maxDocs();
    maxQueries = spec.maxQueries();
    tasks = spec.tasks();
    searchTasks = spec.searchTasks();
    taskVectors = spec.taskVectors();
    EmbeddingCache cache = EmbeddingCache.of(spec.cacheDir(), corpus, MiniLm.NAME, maxDocs);
    Texts texts = read();
    if (texts.queries().isEmpty()) {
      throw new IllegalArgumentException("no query texts: the corpus has no documents left over");
    }
    MiniLm model = null;
    List<Metric> metrics = new ArrayList<>();
    Path docs = cache.documents();
    if (Files.isRegularFile(docs)) {
      System.out.println("document vectors from the cache: " + docs);
    } else {
      model = new MiniLm();
      long start = System.nanoTime();
      EmbeddingCache.store(docs, embed(model, texts.documents(), "documents"), MiniLm.DIMENSION);
      double seconds = (System.nanoTime() - start) / 1e9;
      metrics.add(metric("docsPerSec", texts.documents().size() / seconds));
      metrics.add(metric("seconds", seconds));
    }
    Path queries = cache.queries(texts.queries());
    if (!Files.isRegularFile(queries)) {
      model = model == null ? new MiniLm() : model;
      EmbeddingCache.store(queries, embed(model, texts.queries(), "queries"), MiniLm.DIMENSION);
    }
    place(docs, spec.docVectors());
    place(queries, spec.queryVectors());
    if (searchTasks != null && taskVectors != null) {
      model = searchTaskVectors(cache, model);
    }
    metrics.add(metric("cached", metrics.isEmpty() ? 1 : 0));
    return Report.of(metrics);
  }

  /**
   * The vectors of the search task file's {@code vector//} texts, from the cache when they were
   * embedded before; an empty pair of files when the task file has none. Returns the model, loaded
   * if it had to embed.
   */
  private MiniLm searchTaskVectors(EmbeddingCache cache, MiniLm model) throws IOException {
    List<String> texts = VectorTaskTexts.of(searchTasks);
    Path cached = cache.queries(texts);
    if (!Files.isRegularFile(cached) || !Files.isRegularFile(QueryVectors.textsFile(cached))) {
      List<float[]> vectors = List.of();
      if (!texts.isEmpty()) {
        model = model == null ? new MiniLm() : model;
        vectors = embed(model, texts, "task texts");
      }
      Path tmp = cached.resolveSibling(cached.getFileName() + ".tmp.vec");
      QueryVectors.write(tmp, texts, vectors, MiniLm.DIMENSION);
      Files.move(
          QueryVectors.textsFile(tmp),
          QueryVectors.textsFile(cached),
          StandardCopyOption.REPLACE_EXISTING);
      // The vectors last: a cache entry counts once its vector file is there.
      Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING);
    }
    place(cached, taskVectors);
    place(QueryVectors.textsFile(cached), QueryVectors.textsFile(taskVectors));
    System.out.println("task vectors: " + texts.size() + " vector// texts in " + taskVectors);
    return model;
  }

  /** The texts to embed: the first documents, and the queries. */
  record Texts(List<String> documents, List<String> queries) {}

  private Texts read() throws IOException {
    List<String> documents = new ArrayList<>();
    List<String> titles = new ArrayList<>();
    try (LineDocsReader reader = LineDocsReader.open(corpus)) {
      LineDoc doc;
      while (titles.size() < maxQueries && (doc = reader.next()) != null) {
        if (documents.size() < maxDocs) {
          String text = doc.title() + "\n" + doc.body();
          documents.add(text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text);
        } else if (!doc.title().isBlank()) {
          titles.add(doc.title());
        }
      }
    }
    List<String> queries = tasks == null ? List.of() : vectorTasks(tasks);
    return new Texts(documents, queries.isEmpty() ? titles : queries);
  }

  /** The distinct vector// texts, options cut: a pre-filtered task searches the same words. */
  private List<String> vectorTasks(Path file) throws IOException {
    List<String> texts = VectorTaskTexts.of(file);
    return texts.size() > maxQueries ? texts.subList(0, maxQueries) : texts;
  }

  private static List<float[]> embed(MiniLm model, List<String> texts, String what) {
    List<float[]> vectors = new ArrayList<>(texts.size());
    long start = System.nanoTime();
    long lastReport = start;
    int batch = 64;
    for (int i = 0; i < texts.size(); i += batch) {
      for (float[] v : model.embed(texts.subList(i, Math.min(texts.size(), i + batch)))) {
        vectors.add(v);
      }
      long now = System.nanoTime();
      if (now - lastReport > 5_000_000_000L || vectors.size() == texts.size()) {
        lastReport = now;
        System.out.printf(
            "embedded %d/%d %s (%.0f/s)%n",
            vectors.size(), texts.size(), what, vectors.size() / ((now - start) / 1e9));
      }
    }
    return vectors;
  }

  /** Puts the cached file where the run reads it: a hard link, else a copy. */
  private static void place(Path cached, Path target) throws IOException {
    Files.deleteIfExists(target);
    try {
      Files.createLink(target, cached);
    } catch (IOException | UnsupportedOperationException e) {
      Files.copy(cached, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private Metric metric(String name, double value) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("model", MiniLm.NAME);
    detail.put("dimension", MiniLm.DIMENSION);
    detail.put("docs", maxDocs);
    return EmbedSpec.DEFINITION.measured(MiniLm.NAME, name, value, detail);
  }
}
