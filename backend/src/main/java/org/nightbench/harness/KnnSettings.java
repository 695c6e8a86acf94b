package org.nightbench.harness;

import java.util.List;

/**
 * Vector search: documents embedded once (cached), then each vector format indexed and searched.
 *
 * @param docs documents embedded and indexed; 0 for the profile's {@code max-docs} (all when that
 *     is 0 too)
 * @param queries query vectors searched
 * @param formats vector formats: hnsw, int7, int4, bq (a release without one skips it)
 * @param fanouts extra candidates beyond k, one recall/latency point each
 * @param filterPercents shares of documents kept by filtered KNN
 * @param k neighbours per query (recall@k)
 * @param forceMerge whether each index is merged to one segment before searching
 */
public record KnnSettings(
    int docs,
    int queries,
    List<String> formats,
    List<Integer> fanouts,
    List<Integer> filterPercents,
    int k,
    boolean forceMerge) {

  public KnnSettings {
    queries = queries == 0 ? 100 : queries;
    formats =
        formats == null || formats.isEmpty()
            ? List.of("hnsw", "int7", "int4", "bq")
            : List.copyOf(formats);
    fanouts = fanouts == null || fanouts.isEmpty() ? List.of(0, 50, 100) : List.copyOf(fanouts);
    filterPercents = filterPercents == null ? List.of(50, 10) : List.copyOf(filterPercents);
    k = k == 0 ? 10 : k;
    ProfileChecks.atLeast("knn docs", docs, 0);
    ProfileChecks.atLeast("knn queries", queries, 1);
    ProfileChecks.atLeast("knn k", k, 1);
    for (String format : formats) {
      if (!List.of("hnsw", "int7", "int4", "bq").contains(format)) {
        throw new IllegalArgumentException(
            "knn formats: unknown vector format " + format + " (hnsw, int7, int4, bq)");
      }
    }
  }
}
