package org.nightbench.changepoints.detection;

import java.util.Arrays;
import java.util.Map;

/**
 * What a series' nights tell besides their means, for the morning-after check ({@link
 * SuspicionCheck}): each night's robust centre and spread over its JVMs, where the per-JVM values
 * are known, and the machine's own move on the nights the run's evidence put down to the machine.
 * Each array is as long as the series, NaN where unknown; the stored point stays the JVMs' mean.
 *
 * <p>The centre is the Hodges–Lehmann estimate (the median of the JVMs' pairwise means): one wild
 * JVM among five moves it little where it moves the mean by a fifth of its own move, and with
 * Gaussian JVMs it varies only about 5 % more than the mean. The spread is the JVMs' standard
 * deviation without the one furthest from their median, which one wild JVM leaves as it was while
 * several in another mode widen it. Both need at least {@value #MIN_JVMS} JVMs (with fewer, one
 * wild JVM is too large a share of them): a night of fewer is judged on its mean and standard
 * deviation, as without its JVMs.
 *
 * @param centres each night's robust centre over its JVMs
 * @param spreads each night's robust spread over its JVMs
 * @param jvms how many JVMs each night's centre and spread are of
 * @param machineMoves the machine's relative move on each night the run's evidence put down to the
 *     machine (the run's median move, in the series' own sign: a rise of a latency is positive)
 */
public record NightEvidence(
    double[] centres, double[] spreads, double[] jvms, double[] machineMoves) {

  /** Fewer JVMs a night have no robust centre or spread: their mean and standard deviation rule. */
  public static final int MIN_JVMS = 5;

  /** Nothing besides the means (a series of single values with no run evidence). */
  public static NightEvidence none(int length) {
    double[] unknown = new double[length];
    Arrays.fill(unknown, Double.NaN);
    return new NightEvidence(unknown, unknown, unknown, unknown);
  }

  /**
   * The evidence of {@code length} nights.
   *
   * @param samples each night's per-JVM values (a null or short row: unknown), or null
   * @param machineMoves the machine's relative move by night index (the series' sign), or null
   */
  public static NightEvidence of(
      double[][] samples, Map<Integer, Double> machineMoves, int length) {
    double[] centres = new double[length];
    double[] spreads = new double[length];
    double[] jvms = new double[length];
    double[] moves = new double[length];
    Arrays.fill(centres, Double.NaN);
    Arrays.fill(spreads, Double.NaN);
    Arrays.fill(jvms, Double.NaN);
    Arrays.fill(moves, Double.NaN);
    if (samples != null) {
      if (samples.length != length) {
        throw new IllegalArgumentException(
            "samples has " + samples.length + " nights, the series " + length);
      }
      for (int i = 0; i < length; i++) {
        centres[i] = centre(samples[i]);
        spreads[i] = spread(samples[i]);
        jvms[i] = samples[i] == null ? Double.NaN : samples[i].length;
      }
    }
    if (machineMoves != null) {
      for (Map.Entry<Integer, Double> move : machineMoves.entrySet()) {
        int i = move.getKey();
        if (i < 0 || i >= length) {
          throw new IllegalArgumentException(
              "machine night " + i + " is outside the series of " + length + " values");
        }
        Double m = move.getValue();
        if (m != null && !(m > -1 && Double.isFinite(m))) {
          throw new IllegalArgumentException("the machine's move on night " + i + " is " + m);
        }
        moves[i] = m == null ? Double.NaN : m;
      }
    }
    return new NightEvidence(centres, spreads, jvms, moves);
  }

  /** The evidence of the first {@code length} nights (a replay's night). */
  public NightEvidence first(int length) {
    return new NightEvidence(
        Arrays.copyOf(centres, length),
        Arrays.copyOf(spreads, length),
        Arrays.copyOf(jvms, length),
        Arrays.copyOf(machineMoves, length));
  }

  /** Whether night {@code i} has a robust centre. */
  boolean hasCentre(int i) {
    return i < centres.length && Double.isFinite(centres[i]);
  }

  /** The machine's move on night {@code i}, or NaN. */
  double machineMove(int i) {
    return i < machineMoves.length ? machineMoves[i] : Double.NaN;
  }

  /**
   * The Hodges–Lehmann centre of one night's JVMs: the median of the means of every pair (each
   * value with itself included); NaN for fewer than {@value #MIN_JVMS}.
   */
  public static double centre(double[] jvms) {
    if (jvms == null || jvms.length < MIN_JVMS) {
      return Double.NaN;
    }
    int n = jvms.length;
    double[] walsh = new double[n * (n + 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n; j++) {
        walsh[k++] = (jvms[i] + jvms[j]) / 2;
      }
    }
    return Medians.of(walsh);
  }

  /**
   * The standard deviation of one night's JVMs without the one furthest from their median: one wild
   * JVM leaves it as it was, two or more in another mode widen it; NaN for fewer than {@value
   * #MIN_JVMS}.
   */
  public static double spread(double[] jvms) {
    if (jvms == null || jvms.length < MIN_JVMS) {
      return Double.NaN;
    }
    double center = Medians.of(jvms);
    int furthest = 0;
    for (int i = 1; i < jvms.length; i++) {
      if (Math.abs(jvms[i] - center) > Math.abs(jvms[furthest] - center)) {
        furthest = i;
      }
    }
    double sum = 0;
    for (int i = 0; i < jvms.length; i++) {
      sum += i == furthest ? 0 : jvms[i];
    }
    double mean = sum / (jvms.length - 1);
    double squares = 0;
    for (int i = 0; i < jvms.length; i++) {
      squares += i == furthest ? 0 : (jvms[i] - mean) * (jvms[i] - mean);
    }
    return Math.sqrt(squares / (jvms.length - 2));
  }
}
