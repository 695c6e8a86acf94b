package org.nightbench.benchjobs.vectors;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;

/**
 * all-MiniLM-L6-v2 (quantized, 384 dimensions) through ONNX Runtime, the model inside its Maven
 * Central jar: the "minilm" vectors luceneutil also uses, computed on this machine with no
 * download. Vectors come out unit length, so dot product is their similarity.
 */
public final class MiniLm {

  public static final String NAME = "all-MiniLM-L6-v2-q";
  public static final int DIMENSION = 384;

  private final EmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();

  /** One vector per text, in order. */
  public float[][] embed(List<String> texts) {
    List<Embedding> embeddings =
        model.embedAll(texts.stream().map(TextSegment::from).toList()).content();
    float[][] vectors = new float[embeddings.size()][];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = unit(embeddings.get(i).vector());
    }
    return vectors;
  }

  private static float[] unit(float[] v) {
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) {
      for (int i = 0; i < v.length; i++) {
        v[i] /= (float) norm;
      }
    }
    return v;
  }
}
