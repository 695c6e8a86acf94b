package org.nightbench.benchjobs.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.lucene.codecs.hnsw.HnswGraphProvider;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.hnsw.HnswGraph;
import org.junit.jupiter.api.Test;

/**
 * The strongly connected components {@link GraphConnectivity} counts on a real HNSW graph equal
 * those of an independent count: the neighbour lists read here through the 9.12 codec's own types
 * (no reflection) and split by Kosaraju's algorithm (two depth-first passes, the second over the
 * reversed edges) instead of Tarjan's.
 */
class GraphConnectivityTest {

  private static final String FIELD = "v";

  @Test
  void tarjanFindsTheComponentsOfASmallGraph() {
    // 0 → 1 → 2 → 0 is one cycle; 3 → 4 → 3 another reached from it; 5 reaches them alone; 6 alone.
    int[][] edges = {{1}, {2}, {0, 3}, {4}, {3}, {0, 6}, {}};
    long[] sizes = GraphConnectivity.componentSizes(edges);
    Arrays.sort(sizes);
    assertThat(sizes).containsExactly(1, 1, 2, 3);
  }

  @Test
  void theCountOnAnHnswGraphAgreesWithAnIndependentTraversal() throws IOException {
    try (Directory dir = new ByteBuffersDirectory()) {
      // A sparse graph over clustered, often repeated vectors: several components, on purpose.
      IndexWriterConfig config =
          new IndexWriterConfig()
              .setCodec(KnnFormat.codecWith(new Lucene99HnswVectorsFormat(2, 8)));
      SplittableRandom random = new SplittableRandom(41);
      float[][] distinct = new float[60][];
      for (int i = 0; i < distinct.length; i++) {
        distinct[i] = new float[] {random.nextInt(4), random.nextInt(4), random.nextInt(4)};
      }
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        for (int i = 0; i < 3000; i++) {
          Document doc = new Document();
          float[] v = distinct[random.nextInt(distinct.length)].clone();
          v[0] += (float) (random.nextDouble() * 1e-3);
          doc.add(new KnnFloatVectorField(FIELD, v, VectorSimilarityFunction.EUCLIDEAN));
          writer.addDocument(doc);
        }
        writer.forceMerge(1);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        List<GraphConnectivity.Level> levels = GraphConnectivity.of(reader, FIELD);
        List<long[]> independent = independent(reader);
        assertThat(levels).hasSameSizeAs(independent).hasSizeGreaterThan(1);
        for (GraphConnectivity.Level level : levels) {
          long[] sizes = independent.get(level.level());
          assertThat(level.components()).as("level %d", level.level()).isEqualTo(sizes.length);
          assertThat(level.nodes()).isEqualTo(Arrays.stream(sizes).sum());
          assertThat(level.largest())
              .isEqualTo(Arrays.copyOf(sizes, Math.min(GraphConnectivity.LARGEST, sizes.length)));
          assertThat(level.outsideLargestPercent())
              .isEqualTo(100.0 * (level.nodes() - sizes[0]) / level.nodes());
        }
        assertThat(levels.get(0).nodes()).isEqualTo(3000);
        assertThat(levels.get(0).components()).as("a graph made to fall apart").isGreaterThan(1);
      }
    }
  }

  /** Each level's component sizes, largest first, by Kosaraju over the codec's own graph. */
  private static List<long[]> independent(DirectoryReader reader) throws IOException {
    assertThat(reader.leaves()).hasSize(1);
    LeafReaderContext leaf = reader.leaves().get(0);
    PerFieldKnnVectorsFormat.FieldsReader perField =
        (PerFieldKnnVectorsFormat.FieldsReader) ((CodecReader) leaf.reader()).getVectorReader();
    HnswGraph graph = ((HnswGraphProvider) perField.getFieldReader(FIELD)).getGraph(FIELD);
    List<long[]> out = new ArrayList<>();
    for (int level = 0; level < graph.numLevels(); level++) {
      Map<Integer, List<Integer>> forward = new HashMap<>();
      Map<Integer, List<Integer>> backward = new HashMap<>();
      HnswGraph.NodesIterator nodes = graph.getNodesOnLevel(level);
      List<Integer> order = new ArrayList<>();
      while (nodes.hasNext()) {
        int node = nodes.nextInt();
        order.add(node);
        forward.put(node, new ArrayList<>());
        backward.putIfAbsent(node, new ArrayList<>());
      }
      for (int node : order) {
        graph.seek(level, node);
        for (int n = graph.nextNeighbor();
            n != DocIdSetIterator.NO_MORE_DOCS;
            n = graph.nextNeighbor()) {
          forward.get(node).add(n);
          backward.computeIfAbsent(n, k -> new ArrayList<>()).add(node);
        }
      }
      out.add(kosaraju(order, forward, backward));
    }
    return out;
  }

  private static long[] kosaraju(
      List<Integer> nodes, Map<Integer, List<Integer>> forward, Map<Integer, List<Integer>> back) {
    // Pass 1: nodes by finishing time.
    List<Integer> finished = new ArrayList<>();
    Map<Integer, Boolean> seen = new HashMap<>();
    for (int start : nodes) {
      if (seen.containsKey(start)) {
        continue;
      }
      Deque<int[]> stack = new ArrayDeque<>();
      seen.put(start, true);
      stack.push(new int[] {start, 0});
      while (!stack.isEmpty()) {
        int[] top = stack.peek();
        List<Integer> out = forward.get(top[0]);
        if (top[1] < out.size()) {
          int next = out.get(top[1]++);
          if (!seen.containsKey(next)) {
            seen.put(next, true);
            stack.push(new int[] {next, 0});
          }
        } else {
          finished.add(stack.pop()[0]);
        }
      }
    }
    // Pass 2: over reversed edges, latest finished first; each tree is one component.
    Map<Integer, Boolean> assigned = new HashMap<>();
    List<Long> sizes = new ArrayList<>();
    for (int i = finished.size() - 1; i >= 0; i--) {
      int root = finished.get(i);
      if (assigned.containsKey(root)) {
        continue;
      }
      long size = 0;
      Deque<Integer> stack = new ArrayDeque<>();
      stack.push(root);
      assigned.put(root, true);
      while (!stack.isEmpty()) {
        int node = stack.pop();
        size++;
        for (int prev : back.getOrDefault(node, List.of())) {
          if (!assigned.containsKey(prev)) {
            assigned.put(prev, true);
            stack.push(prev);
          }
        }
      }
      sizes.add(size);
    }
    return sizes.stream().sorted((a, b) -> Long.compare(b, a)).mapToLong(Long::longValue).toArray();
  }
}
