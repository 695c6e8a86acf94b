package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.nightbench.synthetic.SeriesShape;

/**
 * A seeded series with the truth about it: the steps planted (what a detector should report) and
 * the outliers, drift and weekly swing (what it should not). Levels come from {@link SeriesShape},
 * as in the synthetic history; the noise here is between nights, as the detector sees it.
 *
 * @param noise relative standard deviation of one night's value around its level
 * @param ramp a drift over part of the series only (a gradual regression), or null
 * @param stddevs what a run of 10 JVMs would report as their standard deviation; null for some
 *     series, NaN for a few nights
 */
record PlantedSeries(
    Kind kind,
    double noise,
    SeriesShape shape,
    Ramp ramp,
    List<Integer> outliers,
    double[] values,
    double[] stddevs) {

  /** What a series holds besides noise. */
  enum Kind {
    CLEAN_STEPS,
    STEPS_AND_OUTLIERS,
    DRIFT_ONLY,
    RAMP,
    DRIFT_AND_STEP,
    WEEKLY,
    NOISE_ONLY,
    EVERYTHING
  }

  /**
   * From {@code start} over {@code length} nights the level moves linearly by {@code relative}: a
   * drift that starts and stops.
   */
  record Ramp(int start, int length, double relative) {

    double factor(int night) {
      return 1 + relative * Math.min(1, Math.max(0, (double) (night - start) / length));
    }
  }

  /** Planted steps keep this far from each other and from the ends. */
  static final int GAP = 20;

  /**
   * Outliers keep this far from steps, each other and the ends: single, but maybe beside a step.
   */
  static final int OUTLIER_GAP = 3;

  static final int JVMS = 10;

  List<SeriesShape.Step> steps() {
    return shape.steps();
  }

  /**
   * The relative standard deviation of a night around its level from noise and weekly swing
   * together (a sine of amplitude a has standard deviation a / √2): the σ of "steps of 3σ".
   */
  double sigma() {
    return Math.sqrt(noise * noise + shape.weeklySwing() * shape.weeklySwing() / 2);
  }

  boolean drifts() {
    return shape.driftPerNight() != 0 || ramp != null;
  }

  boolean swings() {
    return shape.weeklySwing() != 0;
  }

  /** {@code count} series of every kind in turn, lengths log-uniform in [minLength, maxLength]. */
  static List<PlantedSeries> mix(long seed, int count, int minLength, int maxLength) {
    SplittableRandom random = new SplittableRandom(seed);
    Kind[] kinds = Kind.values();
    List<PlantedSeries> list = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      double u = random.nextDouble();
      int length = (int) Math.round(minLength * Math.pow((double) maxLength / minLength, u));
      list.add(generate(kinds[i % kinds.length], length, random.split()));
    }
    return list;
  }

  /**
   * One series of {@code kind}: steps of 2–20 %, noise of 1–5 %, drifts of 5–20 % over the series
   * or over a 200–2,000-night ramp.
   */
  static PlantedSeries generate(Kind kind, int length, SplittableRandom random) {
    return generate(kind, length, random, 200, 2000);
  }

  /**
   * A series whose only feature is a fast ramp, 5–20 % over 30–120 nights: a level change that
   * takes a few weeks, which the benchmark does not score but counts change points on.
   */
  static PlantedSeries fastRamp(int length, SplittableRandom random) {
    return generate(Kind.RAMP, length, random, 30, 120);
  }

  private static PlantedSeries generate(
      Kind kind, int length, SplittableRandom random, int minRamp, int maxRamp) {
    double noise = 0.01 + 0.04 * random.nextDouble();
    double base = Math.pow(10, 1 + 3 * random.nextDouble());
    boolean hasSteps = kind != Kind.DRIFT_ONLY && kind != Kind.NOISE_ONLY && kind != Kind.RAMP;
    boolean hasOutliers = kind == Kind.STEPS_AND_OUTLIERS || kind == Kind.EVERYTHING;
    boolean hasDrift =
        kind == Kind.DRIFT_ONLY || kind == Kind.DRIFT_AND_STEP || kind == Kind.EVERYTHING;
    boolean hasSwing = kind == Kind.WEEKLY || kind == Kind.EVERYTHING;

    List<Integer> taken = new ArrayList<>();
    List<SeriesShape.Step> steps = new ArrayList<>();
    if (hasSteps) {
      int wanted = kind == Kind.DRIFT_AND_STEP ? 1 : 1 + random.nextInt(2 + length / 1000);
      for (int night : places(wanted, length, taken, GAP, random)) {
        double size = 0.02 + 0.18 * random.nextDouble();
        steps.add(new SeriesShape.Step(night, random.nextBoolean() ? size : -size));
      }
      steps.sort((a, b) -> Integer.compare(a.night(), b.night()));
    }
    List<Integer> outliers =
        hasOutliers
            ? places(1 + random.nextInt(1 + length / 250), length, taken, OUTLIER_GAP, random)
            : List.of();
    double drift = 0;
    if (hasDrift) {
      double total = 0.05 + 0.15 * random.nextDouble();
      drift = (random.nextBoolean() ? total : -total) / length;
    }
    double swing = hasSwing ? 0.01 + 0.02 * random.nextDouble() : 0;
    SeriesShape shape = new SeriesShape(base, noise, steps, drift, outliers, swing);
    Ramp ramp = null;
    if (kind == Kind.RAMP) {
      // A short series sees part of a slow ramp, like a drift.
      int rampLength = minRamp + random.nextInt(maxRamp - minRamp + 1);
      double total = 0.05 + 0.15 * random.nextDouble();
      ramp =
          new Ramp(
              random.nextInt(Math.max(1, length - rampLength / 2)) - rampLength / 4,
              rampLength,
              random.nextBoolean() ? total : -total);
    }
    double withinShare = 0.3 + 0.6 * random.nextDouble();
    boolean reportsStddev = random.nextInt(5) != 0;
    double[] values = new double[length];
    double[] stddevs = reportsStddev ? new double[length] : null;
    double lowest = Math.max(0.10, 5 * noise);
    for (int night = 0; night < length; night++) {
      double level = shape.level(night) * (ramp == null ? 1 : ramp.factor(night));
      double value = level * (1 + noise * gaussian(random));
      if (outliers.contains(night)) {
        double size = lowest + (Math.max(0.30, lowest) - lowest) * random.nextDouble();
        value *= random.nextBoolean() ? 1 + size : 1 - size;
      }
      values[night] = value;
      if (stddevs != null) {
        double chi2 = 0;
        for (int k = 0; k < JVMS - 1; k++) {
          double g = gaussian(random);
          chi2 += g * g;
        }
        double perJvm = withinShare * noise * Math.sqrt(JVMS) * level;
        stddevs[night] = random.nextInt(50) == 0 ? Double.NaN : perJvm * Math.sqrt(chi2 / 9);
      }
    }
    return new PlantedSeries(kind, noise, shape, ramp, List.copyOf(outliers), values, stddevs);
  }

  /** Up to {@code wanted} nights at least {@code gap} from the ends and every night in taken. */
  private static List<Integer> places(
      int wanted, int length, List<Integer> taken, int gap, SplittableRandom random) {
    List<Integer> placed = new ArrayList<>();
    if (length <= 2 * gap) {
      return placed;
    }
    for (int attempt = 0; attempt < 200 && placed.size() < wanted; attempt++) {
      int night = gap + random.nextInt(length - 2 * gap);
      boolean free = true;
      for (int other : taken) {
        free &= Math.abs(other - night) >= gap;
      }
      if (free) {
        taken.add(night);
        placed.add(night);
      }
    }
    placed.sort(Integer::compare);
    return placed;
  }

  static double gaussian(SplittableRandom random) {
    // Box–Muller: SplittableRandom has no nextGaussian on Java 17.
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
