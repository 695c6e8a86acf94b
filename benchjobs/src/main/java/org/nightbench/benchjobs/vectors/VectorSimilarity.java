package org.nightbench.benchjobs.vectors;

import java.util.Locale;

/**
 * How close two vectors are, higher is closer, as Lucene scores them (up to its monotone
 * transforms, which do not change an order): the names are Lucene's {@code
 * VectorSimilarityFunction}s.
 */
public enum VectorSimilarity {
  DOT_PRODUCT,
  COSINE,
  EUCLIDEAN;

  public float score(float[] a, float[] b) {
    return switch (this) {
      case DOT_PRODUCT -> dot(a, b);
      case COSINE -> (float) (dot(a, b) / Math.sqrt((double) dot(a, a) * dot(b, b)));
      case EUCLIDEAN -> {
        float sum = 0;
        for (int i = 0; i < a.length; i++) {
          float d = a[i] - b[i];
          sum += d * d;
        }
        yield -sum;
      }
    };
  }

  public static VectorSimilarity of(String name) {
    try {
      return valueOf(name.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown vector similarity '" + name + "': use dot_product, cosine or euclidean");
    }
  }

  private static float dot(float[] a, float[] b) {
    float sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }
}
