package org.nightbench.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How one synthetic series moves over its nights: a base level, relative noise per JVM, planted
 * steps, a slow drift, single outliers and a weekly swing. The steps are the ground truth a
 * change-point detector is scored against; drift, outliers and the weekly swing are what it must
 * not report.
 *
 * @param noise relative standard deviation of one JVM's value, e.g. 0.02
 * @param steps where the level changes and by how much
 * @param driftPerNight relative change of the level per night, e.g. 1e-5
 * @param outliers nights whose JVMs all saw a disturbed machine
 * @param weeklySwing relative amplitude of a 7-night cycle (a weekly cron job on the box)
 */
public record SeriesShape(
    double base,
    double noise,
    List<Step> steps,
    double driftPerNight,
    List<Integer> outliers,
    double weeklySwing) {

  /** From night {@code night} on, the level is multiplied by {@code 1 + relative}. */
  public record Step(int night, double relative) {}

  /** One night's measurement: the mean over its JVMs, their standard deviation and every value. */
  public record Night(double value, double stddev, double[] samples) {}

  public SeriesShape {
    steps = List.copyOf(steps);
    outliers = List.copyOf(outliers);
  }

  /** A shape drawn from {@code random}: 0–3 steps of 2–20 %, noise of 1–5 %, maybe a drift. */
  public static SeriesShape random(SplittableRandom random, int nights, double base) {
    List<Step> steps = new ArrayList<>();
    int stepCount = random.nextInt(4);
    for (int i = 0; i < stepCount; i++) {
      double size = 0.02 + random.nextDouble() * 0.18;
      steps.add(new Step(1 + random.nextInt(nights - 1), random.nextBoolean() ? size : -size));
    }
    steps.sort((a, b) -> Integer.compare(a.night(), b.night()));
    List<Integer> outliers = new ArrayList<>();
    for (int i = random.nextInt(1 + nights / 500); i > 0; i--) {
      outliers.add(random.nextInt(nights));
    }
    double drift = random.nextInt(4) == 0 ? (random.nextDouble() - 0.5) * 0.4 / nights : 0;
    double swing = random.nextInt(4) == 0 ? 0.01 + random.nextDouble() * 0.02 : 0;
    return new SeriesShape(base, 0.01 + random.nextDouble() * 0.04, steps, drift, outliers, swing);
  }

  /** The level before noise on {@code night}. */
  public double level(int night) {
    double level = base * (1 + driftPerNight * night);
    for (Step step : steps) {
      if (step.night() <= night) {
        level *= 1 + step.relative();
      }
    }
    return level * (1 + weeklySwing * Math.sin(2 * Math.PI * night / 7.0));
  }

  /** {@code jvms} noisy values for {@code night}, the way a run measures them. */
  public Night night(int night, int jvms, SplittableRandom random) {
    double level = level(night);
    if (outliers.contains(night)) {
      level *= 1 + (random.nextBoolean() ? 0.25 : -0.25);
    }
    double[] samples = new double[jvms];
    double sum = 0;
    for (int j = 0; j < jvms; j++) {
      samples[j] = level * (1 + noise * gaussian(random));
      sum += samples[j];
    }
    double mean = sum / jvms;
    double squares = 0;
    for (double sample : samples) {
      squares += (sample - mean) * (sample - mean);
    }
    double stddev = jvms > 1 ? Math.sqrt(squares / (jvms - 1)) : 0;
    return new Night(mean, stddev, samples);
  }

  private static double gaussian(SplittableRandom random) {
    // Box–Muller: SplittableRandom has no nextGaussian on Java 17.
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
