package org.nightbench.independentloop;

import java.util.Arrays;

/**
 * One family's candidate/baseline QPS ratio from JVMs run in pairs (baseline JVM i next to
 * candidate JVM i): the ratio of the medians over the JVMs, and the spread of the pairs' own
 * ratios.
 *
 * @param ratio median candidate QPS / median baseline QPS
 * @param pairs each pair's candidate/baseline, in pair order
 */
record PairedRatio(double ratio, double[] pairs) {

  static PairedRatio of(double[] baseline, double[] candidate) {
    if (baseline.length != candidate.length || baseline.length == 0) {
      throw new IllegalArgumentException(
          "pairs need as many baseline as candidate JVMs, at least one: "
              + baseline.length
              + " and "
              + candidate.length);
    }
    double[] pairs = new double[baseline.length];
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = candidate[i] / baseline[i];
    }
    return new PairedRatio(median(candidate) / median(baseline), pairs);
  }

  double min() {
    return Arrays.stream(pairs).min().orElseThrow();
  }

  double max() {
    return Arrays.stream(pairs).max().orElseThrow();
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
