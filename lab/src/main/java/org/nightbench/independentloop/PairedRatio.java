package org.nightbench.independentloop;

import java.util.Arrays;

/**
 * One family's candidate/baseline QPS ratio from JVMs run in pairs (baseline JVM i next to
 * candidate JVM i): the ratio of the medians over the JVMs, and the pairs' own ratios as its
 * spread.
 *
 * @param baseline each pair's baseline QPS, in pair order
 * @param candidate each pair's candidate QPS, in pair order
 */
record PairedRatio(double[] baseline, double[] candidate) {

  PairedRatio {
    if (baseline.length != candidate.length || baseline.length == 0) {
      throw new IllegalArgumentException(
          "pairs need as many baseline as candidate JVMs, at least one: "
              + baseline.length
              + " and "
              + candidate.length);
    }
  }

  static PairedRatio of(double[] baseline, double[] candidate) {
    return new PairedRatio(baseline.clone(), candidate.clone());
  }

  /** Median candidate QPS / median baseline QPS. */
  double ratio() {
    return median(candidate) / median(baseline);
  }

  /** Each pair's candidate/baseline, in pair order. */
  double[] pairs() {
    double[] pairs = new double[baseline.length];
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = candidate[i] / baseline[i];
    }
    return pairs;
  }

  /** The same ratio over the pairs {@code picked} (indexes, repeats allowed): one resampling. */
  PairedRatio picked(int[] picked) {
    double[] b = new double[picked.length];
    double[] c = new double[picked.length];
    for (int i = 0; i < picked.length; i++) {
      b[i] = baseline[picked[i]];
      c[i] = candidate[picked[i]];
    }
    return new PairedRatio(b, c);
  }

  double min() {
    return Arrays.stream(pairs()).min().orElseThrow();
  }

  double max() {
    return Arrays.stream(pairs()).max().orElseThrow();
  }

  static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /** Coefficient of variation in percent (sample standard deviation / mean); 0 for one value. */
  static double cvPercent(double[] values) {
    if (values.length < 2) {
      return 0;
    }
    double mean = Arrays.stream(values).average().orElseThrow();
    double ss = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
    return 100 * Math.sqrt(ss / (values.length - 1)) / mean;
  }
}
