package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.hnsw.HnswGraph;

/**
 * The strongly connected components of an index's HNSW graphs, level by level, as luceneutil's
 * {@code KnnGraphTester -stronglyConnectedComponents} counts them (an iterative Tarjan over the
 * directed neighbour lists): a node outside the largest component cannot be reached from most of
 * the graph, so a poorly connected graph loses recall silently. The graph is read through the
 * codec's reader ({@code HnswGraphProvider.getGraph(field)}), looked up by reflection because the
 * harness compiles against one release and the provider moved between releases; a reader that does
 * not expose its graph raises {@link UnsupportedOperationException} naming its class.
 */
public final class GraphConnectivity {

  /** How many of the largest components are reported, as Lucene's issue asks. */
  public static final int LARGEST = 5;

  private GraphConnectivity() {}

  /**
   * One level's components over every segment's graph (segments' graphs are disjoint).
   *
   * @param level the HNSW level, 0 the densest
   * @param nodes the nodes on the level
   * @param components how many strongly connected components they form
   * @param largest the sizes of the {@link #LARGEST} largest, largest first (fewer when there are
   *     fewer components)
   */
  public record Level(int level, long nodes, long components, long[] largest) {

    /** The share of the level's nodes outside its largest component, in percent. */
    public double outsideLargestPercent() {
      return nodes == 0 ? 0 : 100.0 * (nodes - largest[0]) / nodes;
    }
  }

  /**
   * The components of {@code field}'s graphs in {@code reader}, level 0 first; empty when no
   * segment has a graph (Lucene 10 builds none for a segment it searches faster exactly).
   */
  public static List<Level> of(IndexReader reader, String field) throws IOException {
    List<List<long[]>> sizes = new ArrayList<>();
    List<long[]> nodes = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      HnswGraph graph = graph(leaf.reader(), field);
      if (graph == null || graph.size() == 0) {
        continue;
      }
      int[][][] levels = neighbours(graph);
      for (int level = 0; level < levels.length; level++) {
        while (sizes.size() <= level) {
          sizes.add(new ArrayList<>());
          nodes.add(new long[1]);
        }
        sizes.get(level).add(componentSizes(levels[level]));
        nodes.get(level)[0] += levels[level].length;
      }
    }
    List<Level> out = new ArrayList<>();
    for (int level = 0; level < sizes.size(); level++) {
      long[] all = sizes.get(level).stream().flatMapToLong(Arrays::stream).sorted().toArray();
      long[] largest = new long[Math.min(LARGEST, all.length)];
      for (int i = 0; i < largest.length; i++) {
        largest[i] = all[all.length - 1 - i];
      }
      out.add(new Level(level, nodes.get(level)[0], all.length, largest));
    }
    return out;
  }

  /**
   * The HNSW graph of {@code field} in one segment; null when the segment has no such field.
   *
   * @throws UnsupportedOperationException when the codec's reader does not expose its graph
   */
  static HnswGraph graph(LeafReader leaf, String field) throws IOException {
    LeafReader unwrapped = FilterLeafReader.unwrap(leaf);
    if (!(unwrapped instanceof CodecReader codecReader)) {
      throw new UnsupportedOperationException(
          "a " + unwrapped.getClass().getSimpleName() + " has no codec reader to read a graph of");
    }
    if (leaf.getFieldInfos().fieldInfo(field) == null) {
      return null;
    }
    Object vectors = codecReader.getVectorReader();
    // The per-field reader holds one reader per format; each format's reader holds the graph.
    Method perField = publicMethod(vectors, "getFieldReader");
    if (perField != null) {
      vectors = invoke(perField, vectors, field);
    }
    Method getGraph = publicMethod(vectors, "getGraph");
    if (getGraph == null || !HnswGraph.class.isAssignableFrom(getGraph.getReturnType())) {
      throw new UnsupportedOperationException(
          "this Lucene's "
              + vectors.getClass().getSimpleName()
              + " does not expose its HNSW graph (no getGraph(field))");
    }
    return (HnswGraph) invoke(getGraph, vectors, field);
  }

  /** Every level's neighbour lists, as indices into the level's nodes in their order. */
  static int[][][] neighbours(HnswGraph graph) throws IOException {
    int levels = graph.numLevels();
    int[][][] out = new int[levels][][];
    int[] index = new int[graph.size()];
    for (int level = 0; level < levels; level++) {
      HnswGraph.NodesIterator it = graph.getNodesOnLevel(level);
      int[] nodes = new int[it.size()];
      for (int i = 0; it.hasNext(); i++) {
        nodes[i] = it.nextInt();
      }
      Arrays.fill(index, -1);
      for (int i = 0; i < nodes.length; i++) {
        index[nodes[i]] = i;
      }
      int[][] lists = new int[nodes.length][];
      int[] buffer = new int[16];
      for (int i = 0; i < nodes.length; i++) {
        graph.seek(level, nodes[i]);
        int count = 0;
        for (int n = graph.nextNeighbor();
            n != DocIdSetIterator.NO_MORE_DOCS;
            n = graph.nextNeighbor()) {
          if (n >= 0 && n < index.length && index[n] >= 0) {
            if (count == buffer.length) {
              buffer = Arrays.copyOf(buffer, count * 2);
            }
            buffer[count++] = index[n];
          }
        }
        lists[i] = Arrays.copyOf(buffer, count);
      }
      out[level] = lists;
    }
    return out;
  }

  /**
   * The sizes of the strongly connected components of the directed graph {@code neighbours} (node
   * i's out-edges), by Tarjan's algorithm with an explicit stack, so a long path cannot overflow
   * the thread's stack.
   */
  static long[] componentSizes(int[][] neighbours) {
    int n = neighbours.length;
    int[] index = new int[n];
    int[] low = new int[n];
    Arrays.fill(index, -1);
    boolean[] onStack = new boolean[n];
    int[] stack = new int[n];
    int top = 0;
    int[] calls = new int[n];
    int[] edge = new int[n];
    int depth = 0;
    int next = 0;
    List<Long> sizes = new ArrayList<>();
    for (int start = 0; start < n; start++) {
      if (index[start] >= 0) {
        continue;
      }
      index[start] = low[start] = next++;
      stack[top++] = start;
      onStack[start] = true;
      calls[depth] = start;
      edge[depth++] = 0;
      while (depth > 0) {
        int v = calls[depth - 1];
        if (edge[depth - 1] < neighbours[v].length) {
          int w = neighbours[v][edge[depth - 1]++];
          if (index[w] < 0) {
            index[w] = low[w] = next++;
            stack[top++] = w;
            onStack[w] = true;
            calls[depth] = w;
            edge[depth++] = 0;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        depth--;
        if (low[v] == index[v]) {
          long size = 0;
          int w;
          do {
            w = stack[--top];
            onStack[w] = false;
            size++;
          } while (w != v);
          sizes.add(size);
        }
        if (depth > 0) {
          int parent = calls[depth - 1];
          low[parent] = Math.min(low[parent], low[v]);
        }
      }
    }
    return sizes.stream().mapToLong(Long::longValue).toArray();
  }

  private static Method publicMethod(Object target, String name) {
    try {
      return target.getClass().getMethod(name, String.class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Object invoke(Method method, Object target, String field) throws IOException {
    try {
      method.setAccessible(true);
      return method.invoke(target, field);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IllegalStateException(method + " failed: " + e.getCause(), e.getCause());
    } catch (IllegalAccessException | RuntimeException e) {
      throw new UnsupportedOperationException(
          "cannot call " + method.getDeclaringClass().getSimpleName() + "." + method.getName(), e);
    }
  }
}
