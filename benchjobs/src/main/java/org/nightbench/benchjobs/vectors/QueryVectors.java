package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Query vectors by the text they were embedded from: a vector file in luceneutil's format and, in
 * the same file name plus {@code .txt}, its texts one per line in the same order. The embed JVM
 * writes them; the search JVM reads them and so needs no model.
 */
public final class QueryVectors {

  /** No vectors: every {@code vector//} task is skipped with a note. */
  public static final QueryVectors NONE = new QueryVectors(Map.of(), 0);

  private final Map<String, float[]> byText;
  private final int dimension;

  private QueryVectors(Map<String, float[]> byText, int dimension) {
    this.byText = byText;
    this.dimension = dimension;
  }

  /** The texts file beside {@code vectors}. */
  public static Path textsFile(Path vectors) {
    return vectors.resolveSibling(vectors.getFileName() + ".txt");
  }

  /** Writes the vectors and their texts (no text may hold a line break). */
  public static void write(Path vectors, List<String> texts, List<float[]> values, int dimension)
      throws IOException {
    if (texts.size() != values.size()) {
      throw new IllegalArgumentException(texts.size() + " texts but " + values.size() + " vectors");
    }
    VectorFile.write(vectors, values, dimension);
    Files.write(textsFile(vectors), texts, StandardCharsets.UTF_8);
  }

  /** Reads what {@link #write} wrote; the counts of texts and vectors must agree. */
  public static QueryVectors read(Path vectors, int dimension) throws IOException {
    List<String> texts = Files.readAllLines(textsFile(vectors), StandardCharsets.UTF_8);
    float[][] values = VectorFile.read(vectors, dimension, Integer.MAX_VALUE);
    if (values.length != texts.size()) {
      throw new IllegalArgumentException(
          vectors + " holds " + values.length + " vectors for " + texts.size() + " texts");
    }
    Map<String, float[]> byText = new HashMap<>();
    for (int i = 0; i < values.length; i++) {
      byText.put(texts.get(i), values[i]);
    }
    return new QueryVectors(Map.copyOf(byText), dimension);
  }

  public Optional<float[]> of(String text) {
    return Optional.ofNullable(byText.get(text));
  }

  public boolean isEmpty() {
    return byText.isEmpty();
  }

  public int dimension() {
    return dimension;
  }
}
