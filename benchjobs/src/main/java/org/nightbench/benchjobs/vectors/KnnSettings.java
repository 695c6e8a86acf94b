package org.nightbench.benchjobs.vectors;

import java.util.List;

/**
 * What a KNN run measures.
 *
 * @param formats the vector formats, each indexed and searched on its own
 * @param k how many neighbours a query asks for (recall@k)
 * @param fanouts extra candidates the graph search keeps beyond k (luceneutil's fanout), in
 *     increasing order: recall and latency grow with it
 * @param filterPercents shares of the documents a filter keeps, for filtered KNN; empty for none
 * @param similarity how vectors are compared
 * @param forceMerge whether the index is merged to one segment before searching
 * @param ramBufferMb the indexing RAM buffer
 */
public record KnnSettings(
    List<KnnFormat> formats,
    int k,
    List<Integer> fanouts,
    List<Integer> filterPercents,
    VectorSimilarity similarity,
    boolean forceMerge,
    double ramBufferMb) {

  public KnnSettings {
    if (formats.isEmpty()) {
      throw new IllegalArgumentException("no vector format to measure");
    }
    if (k < 1 || k > 1000) {
      throw new IllegalArgumentException("k must be between 1 and 1000, not " + k);
    }
    if (fanouts.isEmpty() || fanouts.stream().anyMatch(f -> f < 0 || f > 10_000)) {
      throw new IllegalArgumentException("fanouts must be between 0 and 10000: " + fanouts);
    }
    if (filterPercents.stream().anyMatch(p -> p < 1 || p > 100)) {
      throw new IllegalArgumentException("filter percents must be 1 to 100: " + filterPercents);
    }
    formats = List.copyOf(formats);
    fanouts = fanouts.stream().sorted().toList();
    filterPercents = List.copyOf(filterPercents);
  }

  /** How deep the exact neighbours go: enough that k of them pass the narrowest filter. */
  public int exactDepth() {
    int narrowest = filterPercents.stream().mapToInt(Integer::intValue).min().orElse(100);
    return Math.min(10_000, (int) Math.ceil(k * 100.0 / narrowest) * 2);
  }
}
