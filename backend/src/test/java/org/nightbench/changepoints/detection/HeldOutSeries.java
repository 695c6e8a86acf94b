package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded series of realistic nightly noise with the truth about it, from a generator the detector
 * was not designed on ({@link PlantedSeries} is the one it was): serially correlated, two-level,
 * heavy-tailed, variance-changing and level-dependent noise, slow drifts and ramps, outlier bursts
 * of 1–3 nights, missing nights, per-run σ from 3 to 20 JVMs. Steps are sized in units of the
 * noise's marginal standard deviation (what a user sees as the noise of a chart).
 *
 * @param noise the noise process
 * @param phi the AR(1) coefficient of the noise (0 unless {@link Noise#AR1})
 * @param sigma the noise's marginal relative standard deviation (at the first level)
 * @param steps the planted steps, at indices of {@code values} (after missing nights)
 * @param outliers indices of outlying nights (bursts)
 * @param drifts whether a slow drift or a ramp runs through the series
 * @param stddevs what each night's run reported as its JVMs' standard deviation
 */
record HeldOutSeries(
    Noise noise,
    double phi,
    double sigma,
    List<Step> steps,
    List<Integer> outliers,
    boolean drifts,
    double[] values,
    double[] stddevs) {

  /** The noise process of a series. */
  enum Noise {
    /** Independent Gaussian nights. */
    WHITE,
    /** A machine state that persists: AR(1). */
    AR1,
    /** 20 % of nights 8 % slower, each night on its own. */
    TWO_LEVEL,
    /** 20 % of nights 8 % slower, in spells of a few nights. */
    TWO_LEVEL_SPELLS,
    /** Student's t with 3 degrees of freedom. */
    HEAVY_TAILED,
    /** The noise doubles or halves at some night. */
    VARIANCE_CHANGE,
    /** The noise grows faster than the level: a slower level is noisier still. */
    LEVEL_DEPENDENT
  }

  /** A planted step: the first night of the new level, its relative size and size in σ. */
  record Step(int index, double relative, double sizeSigma) {}

  /** Planted steps keep this far from each other and from the ends. */
  static final int GAP = 30;

  /** The slow nights of two-level noise: this share, this much slower. */
  static final double SLOW_SHARE = 0.2;

  static final double SLOW_BY = 0.08;

  /**
   * A change-free series of {@code length} nights of {@code noise} at 2 % (as the issue measured):
   * nothing but noise, per-run σ and, when {@code extras}, drift, bursts and missing nights.
   */
  static HeldOutSeries changeFree(
      Noise noise, double phi, int length, boolean extras, SplittableRandom random) {
    return generate(noise, phi, 0.02, length, 0, Double.NaN, extras, random);
  }

  /**
   * A series of {@code length} nights of {@code noise} at 2 % with one step of {@code sizeSigma}
   * (either way, at least {@link #GAP} nights from the ends), and, when {@code extras}, drift,
   * bursts and missing nights: a night-by-night replay's series of one noise model.
   */
  static HeldOutSeries withStep(
      Noise noise,
      double phi,
      int length,
      double sizeSigma,
      boolean extras,
      SplittableRandom random) {
    return generate(noise, phi, 0.02, length, 1, sizeSigma, extras, random);
  }

  /**
   * {@code count} series with 1–3 planted steps each, 0.5–6σ, noise models in turn (AR(1) φ uniform
   * in 0.2–0.8), 1–5 % noise, lengths uniform in 200–1,500, drift, bursts and missing nights at
   * random.
   */
  static List<HeldOutSeries> withSteps(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    Noise[] kinds = Noise.values();
    List<HeldOutSeries> list = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Noise noise = kinds[i % kinds.length];
      double phi = noise == Noise.AR1 ? 0.2 + 0.6 * random.nextDouble() : 0;
      int length = 200 + random.nextInt(1301);
      double level = 0.01 + 0.04 * random.nextDouble();
      int steps = 1 + random.nextInt(3);
      list.add(generate(noise, phi, level, length, steps, Double.NaN, true, random.split()));
    }
    return list;
  }

  private static HeldOutSeries generate(
      Noise noise,
      double phi,
      double relative,
      int length,
      int wantedSteps,
      double sizeSigma,
      boolean extras,
      SplittableRandom random) {
    double base = Math.pow(10, 1 + 3 * random.nextDouble());
    double sigma = marginalSigma(noise, relative);
    // Steps on the full series; missing nights are removed afterwards.
    int full = length;
    List<Integer> at = places(wantedSteps, full, GAP, random);
    double[] stepRelative = new double[at.size()];
    double[] stepSigma = new double[at.size()];
    for (int k = 0; k < at.size(); k++) {
      stepSigma[k] = 0.5 + 5.5 * random.nextDouble();
      if (!Double.isNaN(sizeSigma)) {
        stepSigma[k] = sizeSigma;
      }
      stepRelative[k] = (random.nextBoolean() ? 1 : -1) * stepSigma[k] * sigma;
    }
    boolean drift = extras && random.nextInt(10) < 3;
    double driftTotal =
        drift ? (random.nextBoolean() ? 1 : -1) * (0.02 + 0.08 * random.nextDouble()) : 0;
    boolean ramp = extras && !drift && random.nextInt(10) < 2;
    int rampStart = ramp ? random.nextInt(full) : 0;
    int rampLength = ramp ? 100 + random.nextInt(301) : 1;
    double rampTotal =
        ramp ? (random.nextBoolean() ? 1 : -1) * (0.03 + 0.07 * random.nextDouble()) : 0;
    int varianceChangeAt = random.nextInt(full);
    double varianceFactor = random.nextBoolean() ? 2 : 0.5;
    int jvms = 3 + random.nextInt(18);
    double withinShare = 0.3 + 0.6 * random.nextDouble();

    List<Integer> bursts = new ArrayList<>();
    if (extras && random.nextInt(10) < 3) {
      int count = 1 + random.nextInt(3);
      for (int b = 0; b < count; b++) {
        int start = random.nextInt(full);
        int size = 1 + random.nextInt(3);
        for (int i = start; i < Math.min(full, start + size); i++) {
          bursts.add(i);
        }
      }
    }
    double burstSize = (random.nextBoolean() ? 1 : -1) * (0.10 + 0.20 * random.nextDouble());
    boolean[] missing = new boolean[full];
    if (extras && random.nextInt(10) < 3) {
      for (int i = 0; i < full; i++) {
        missing[i] = random.nextInt(20) == 0;
      }
    }

    double[] values = new double[full];
    double[] stddevs = new double[full];
    double state = gaussian(random);
    boolean slow = false;
    for (int night = 0; night < full; night++) {
      double level = 1;
      for (int k = 0; k < at.size(); k++) {
        if (night >= at.get(k)) {
          level *= 1 + stepRelative[k];
        }
      }
      level *= 1 + driftTotal * night / full;
      level *= 1 + rampTotal * Math.min(1, Math.max(0, (double) (night - rampStart) / rampLength));
      double e;
      switch (noise) {
        case AR1 -> {
          state = phi * state + Math.sqrt(1 - phi * phi) * gaussian(random);
          e = relative * state;
        }
        case TWO_LEVEL -> {
          slow = random.nextDouble() < SLOW_SHARE;
          e = relative * gaussian(random) + (slow ? SLOW_BY : 0);
        }
        case TWO_LEVEL_SPELLS -> {
          // A Markov chain with 20 % of nights slow in spells of 2.5 nights on average.
          slow = slow ? random.nextDouble() < 0.6 : random.nextDouble() < 0.1;
          e = relative * gaussian(random) + (slow ? SLOW_BY : 0);
        }
        case HEAVY_TAILED -> e = relative * studentT3(random);
        case VARIANCE_CHANGE ->
            e = relative * (night >= varianceChangeAt ? varianceFactor : 1) * gaussian(random);
        case LEVEL_DEPENDENT -> e = relative * level * gaussian(random);
        default -> e = relative * gaussian(random);
      }
      double value = base * level * (1 + e);
      if (bursts.contains(night)) {
        value *= 1 + burstSize;
      }
      values[night] = value;
      double chi2 = 0;
      for (int k = 0; k < jvms - 1; k++) {
        double g = gaussian(random);
        chi2 += g * g;
      }
      stddevs[night] =
          withinShare * relative * Math.sqrt(jvms) * base * level * Math.sqrt(chi2 / (jvms - 1));
    }

    // Drop the missing nights, moving the truth's indices with them.
    int[] position = new int[full + 1];
    int kept = 0;
    for (int i = 0; i < full; i++) {
      position[i] = kept;
      if (!missing[i]) {
        kept++;
      }
    }
    position[full] = kept;
    double[] keptValues = new double[kept];
    double[] keptStddevs = new double[kept];
    for (int i = 0; i < full; i++) {
      if (!missing[i]) {
        keptValues[position[i]] = values[i];
        keptStddevs[position[i]] = stddevs[i];
      }
    }
    List<Step> steps = new ArrayList<>();
    for (int k = 0; k < at.size(); k++) {
      steps.add(new Step(position[at.get(k)], stepRelative[k], stepSigma[k]));
    }
    List<Integer> outliers = new ArrayList<>();
    for (int i : bursts) {
      if (!missing[i]) {
        outliers.add(position[i]);
      }
    }
    return new HeldOutSeries(
        noise,
        phi,
        sigma,
        List.copyOf(steps),
        List.copyOf(outliers),
        drift || ramp,
        keptValues,
        keptStddevs);
  }

  /** The marginal relative σ of the noise, the unit of step sizes. */
  private static double marginalSigma(Noise noise, double relative) {
    return switch (noise) {
      case TWO_LEVEL, TWO_LEVEL_SPELLS ->
          Math.sqrt(relative * relative + SLOW_SHARE * (1 - SLOW_SHARE) * SLOW_BY * SLOW_BY);
      default -> relative;
    };
  }

  /** Up to {@code wanted} nights at least {@code gap} from the ends and from each other. */
  private static List<Integer> places(int wanted, int length, int gap, SplittableRandom random) {
    List<Integer> placed = new ArrayList<>();
    for (int attempt = 0; attempt < 200 && placed.size() < wanted && length > 2 * gap; attempt++) {
      int night = gap + random.nextInt(length - 2 * gap);
      boolean free = true;
      for (int other : placed) {
        free &= Math.abs(other - night) >= gap;
      }
      if (free) {
        placed.add(night);
      }
    }
    placed.sort(Integer::compare);
    return placed;
  }

  /** Student's t with 3 degrees of freedom, scaled to unit variance. */
  private static double studentT3(SplittableRandom random) {
    double chi2 = 0;
    for (int k = 0; k < 3; k++) {
      double g = gaussian(random);
      chi2 += g * g;
    }
    return gaussian(random) / Math.sqrt(chi2 / 3) / Math.sqrt(3);
  }

  static double gaussian(SplittableRandom random) {
    return PlantedSeries.gaussian(random);
  }
}
