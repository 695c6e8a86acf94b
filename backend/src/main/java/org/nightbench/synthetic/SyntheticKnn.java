package org.nightbench.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.nightbench.protocol.KnnSpec;

/**
 * The KNN step's series of every vector format and fanout, named as the harness's KNN benchmark
 * names them ({@code hnsw-fanout50 recall}, {@code int7 indexMB} …), with levels read off a real
 * run (recall@10 of float32 HNSW 0.61 / 0.94 / 0.97 at fanout 0 / 50 / 100, quantized formats
 * faster and less exact). A format's searches move together: each planted step changes the latency,
 * p99 and CPU of all its fanouts by the same share and its recall by a tenth of it, in the same
 * direction, so a step trades recall for latency and its frontier moves, as a codec change would.
 */
final class SyntheticKnn {

  /** The benchmark, as the harness's KNN step writes it. */
  static final String BENCHMARK = KnnSpec.DEFINITION.series();

  static final List<String> FORMATS = List.of("hnsw", "int7", "int4", "bq");
  static final List<Integer> FANOUTS = List.of(0, 50, 100);

  /** Recall@10 per format (rows) and fanout (columns). */
  private static final double[][] RECALL = {
    {0.61, 0.94, 0.97}, {0.58, 0.92, 0.95}, {0.52, 0.84, 0.87}, {0.40, 0.52, 0.53}
  };

  /** Mean latency in ms per format and fanout. */
  private static final double[][] LATENCY = {
    {0.13, 0.21, 0.29}, {0.22, 0.38, 0.52}, {0.10, 0.16, 0.23}, {0.07, 0.12, 0.17}
  };

  /** Index time (s), force-merge time (s) and index size (MB) per format. */
  private static final double[][] INDEX = {
    {2.2, 3.1, 15.1}, {2.6, 3.4, 19.2}, {1.9, 2.8, 17.4}, {2.2, 2.6, 16.1}
  };

  /** Recall moves by this share of a step's latency change. */
  static final double RECALL_SHARE = 0.1;

  private SyntheticKnn() {}

  /** A catalog entry with the shape its points are drawn from. */
  record Shaped(SyntheticCatalog.Entry entry, SeriesShape shape) {}

  /** How many series {@link #shapes} returns. */
  static int size() {
    return FORMATS.size() * (FANOUTS.size() * 4 + 3);
  }

  /** Every KNN series with its shape, format by format: its searches, then its index. */
  static List<Shaped> shapes(SplittableRandom random, int nights) {
    List<Shaped> all = new ArrayList<>(size());
    for (int f = 0; f < FORMATS.size(); f++) {
      String format = FORMATS.get(f);
      List<SeriesShape.Step> latencySteps = steps(random, nights);
      List<SeriesShape.Step> recallSteps =
          latencySteps.stream()
              .map(s -> new SeriesShape.Step(s.night(), s.relative() * RECALL_SHARE))
              .toList();
      for (int n = 0; n < FANOUTS.size(); n++) {
        String task = format + "-fanout" + FANOUTS.get(n);
        double latency = LATENCY[f][n];
        all.add(shaped(task, "recall", RECALL[f][n], 0.003, recallSteps));
        all.add(shaped(task, "latencyMeanMs", latency, 0.03, latencySteps));
        all.add(shaped(task, "latencyP99Ms", latency * 2.1, 0.05, latencySteps));
        all.add(shaped(task, "cpuMs", latency * 0.96, 0.03, latencySteps));
      }
      all.add(
          new Shaped(
              SyntheticCatalog.entry(BENCHMARK, format, "indexSeconds", INDEX[f][0]),
              SeriesShape.random(random, nights, INDEX[f][0])));
      all.add(
          new Shaped(
              SyntheticCatalog.entry(BENCHMARK, format, "forceMergeSeconds", INDEX[f][1]),
              SeriesShape.random(random, nights, INDEX[f][1])));
      all.add(
          new Shaped(
              SyntheticCatalog.entry(BENCHMARK, format, "indexMB", INDEX[f][2]),
              new SeriesShape(INDEX[f][2], 0.002, List.of(), 0, List.of(), 0)));
    }
    return all;
  }

  /**
   * One or two steps of 4–15 % of latency, the second the other way: recall stays below 1 however
   * they fall.
   */
  private static List<SeriesShape.Step> steps(SplittableRandom random, int nights) {
    List<SeriesShape.Step> steps = new ArrayList<>();
    int count = 1 + random.nextInt(2);
    double sign = random.nextBoolean() ? 1 : -1;
    for (int i = 0; i < count; i++) {
      double size = 0.04 + random.nextDouble() * 0.11;
      steps.add(new SeriesShape.Step(1 + random.nextInt(nights - 1), sign * size));
      sign = -sign;
    }
    steps.sort((a, b) -> Integer.compare(a.night(), b.night()));
    return steps;
  }

  /** A search series: its format's steps, its own noise, no drift, outliers or weekly swing. */
  private static Shaped shaped(
      String task, String metric, double base, double noise, List<SeriesShape.Step> steps) {
    return new Shaped(
        SyntheticCatalog.entry(BENCHMARK, task, metric, base),
        new SeriesShape(base, noise, steps, 0, List.of(), 0));
  }
}
