package org.nightbench.benchjobs.vectors;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.PriorityQueue;
import java.util.stream.IntStream;

/**
 * The true nearest neighbours of each query by brute force, in parallel over the queries: what
 * recall is measured against. Computed once per (documents, queries, k, similarity) and cached as a
 * file beside the vectors.
 */
public final class ExactNeighbours {

  private ExactNeighbours() {}

  /**
   * For each query, the ids (document ordinals) of its {@code k} nearest documents, nearest first.
   */
  public static int[][] compute(
      float[][] documents, float[][] queries, int k, VectorSimilarity similarity) {
    int top = Math.min(k, documents.length);
    return IntStream.range(0, queries.length)
        .parallel()
        .mapToObj(q -> nearest(documents, queries[q], top, similarity))
        .toArray(int[][]::new);
  }

  private static int[] nearest(
      float[][] documents, float[] query, int k, VectorSimilarity similarity) {
    // A min-heap of the best k by score; ties broken by the lower ordinal, as Lucene's do.
    PriorityQueue<long[]> heap =
        new PriorityQueue<>(
            k + 1,
            (a, b) -> {
              int byScore =
                  Float.compare(Float.intBitsToFloat((int) a[0]), Float.intBitsToFloat((int) b[0]));
              return byScore != 0 ? byScore : Long.compare(b[1], a[1]);
            });
    for (int d = 0; d < documents.length; d++) {
      float score = similarity.score(query, documents[d]);
      heap.add(new long[] {Float.floatToRawIntBits(score), d});
      if (heap.size() > k) {
        heap.poll();
      }
    }
    int[] ids = new int[heap.size()];
    for (int i = ids.length - 1; i >= 0; i--) {
      ids[i] = (int) heap.poll()[1];
    }
    return ids;
  }

  /** The cached neighbours in {@code file}, else computed and cached there. */
  public static int[][] cached(
      Path file, float[][] documents, float[][] queries, int k, VectorSimilarity similarity)
      throws IOException {
    if (Files.isRegularFile(file)) {
      int[][] read = read(file);
      if (read.length == queries.length) {
        return read;
      }
    }
    int[][] exact = compute(documents, queries, k, similarity);
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(tmp))) {
      out.writeInt(exact.length);
      for (int[] ids : exact) {
        out.writeInt(ids.length);
        for (int id : ids) {
          out.writeInt(id);
        }
      }
    }
    // Whole or absent: a half-written cache would be read as truth next time.
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return exact;
  }

  private static int[][] read(Path file) throws IOException {
    try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
      int[][] ids = new int[in.readInt()][];
      for (int q = 0; q < ids.length; q++) {
        ids[q] = new int[in.readInt()];
        for (int i = 0; i < ids[q].length; i++) {
          ids[q][i] = in.readInt();
        }
      }
      return ids;
    }
  }

  /** The share of the true top {@code k} found among {@code found}'s first {@code k}. */
  public static double recall(int[] exact, int[] found, int k) {
    int n = Math.min(k, exact.length);
    if (n == 0) {
      return 1;
    }
    int hits = 0;
    for (int i = 0; i < Math.min(k, found.length); i++) {
      for (int j = 0; j < n; j++) {
        if (found[i] == exact[j]) {
          hits++;
          break;
        }
      }
    }
    return (double) hits / n;
  }
}
