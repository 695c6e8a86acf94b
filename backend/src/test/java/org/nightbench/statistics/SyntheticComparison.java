package org.nightbench.statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Seeded comparisons with known answers: {@code tasks} tasks of {@code n} values per side, normal
 * noise of {@code noise} (relative σ, the same on both sides), the first {@code affected} tasks
 * moved by {@code effect} (alternately slower and faster, so both directions are checked) and, with
 * probability {@code outlierRate}, a value from a bad JVM 30 % below its level.
 */
record SyntheticComparison(
    int tasks, int n, double noise, int affected, double effect, double outlierRate) {

  /** How far below its level a bad JVM's value lies. */
  static final double OUTLIER_DROP = 0.30;

  static SyntheticComparison aa(int tasks, int n, double noise) {
    return new SyntheticComparison(tasks, n, noise, 0, 0, 0);
  }

  static SyntheticComparison planted(int tasks, int n, double noise, int affected, double effect) {
    return new SyntheticComparison(tasks, n, noise, affected, effect, 0);
  }

  SyntheticComparison withOutliers(double rate) {
    return new SyntheticComparison(tasks, n, noise, affected, effect, rate);
  }

  static String name(int task) {
    return String.format(Locale.ROOT, "Task%02d", task);
  }

  /** The relative difference planted in {@code task}: 0, or {@code -effect} / {@code +effect}. */
  double plantedEffect(int task) {
    return task >= affected ? 0 : task % 2 == 0 ? -effect : effect;
  }

  /** One comparison's samples, drawn from {@code random}. */
  List<TaskSamples> draw(SplittableRandom random) {
    List<TaskSamples> samples = new ArrayList<>(tasks);
    for (int task = 0; task < tasks; task++) {
      // Levels from 10 to 1,000 QPS, as luceneutil's tasks range.
      double level = 10 * Math.pow(100, random.nextDouble());
      samples.add(
          new TaskSamples(
              name(task),
              values(random, level),
              values(random, level * (1 + plantedEffect(task)))));
    }
    return samples;
  }

  private double[] values(SplittableRandom random, double level) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      double value;
      do {
        // Redrawn when not positive, which 10 % noise makes a 1e-23 event.
        value = level * (1 + noise * random.nextGaussian());
      } while (!(value > 0));
      values[i] = random.nextDouble() < outlierRate ? value * (1 - OUTLIER_DROP) : value;
    }
    return values;
  }

  /** What one comparison of this scenario got right and wrong. */
  record Score(int falseVerdicts, int wrongDirection, int found, int missed) {

    int discoveries() {
      return falseVerdicts + wrongDirection + found;
    }

    /** False or wrongly directed verdicts over all verdicts; 0 without any. */
    double falseDiscoveryProportion() {
      int d = discoveries();
      return d == 0 ? 0 : (double) (falseVerdicts + wrongDirection) / d;
    }
  }

  /** Scores {@code results} of a QPS comparison (higher is better) drawn from this scenario. */
  Score score(List<TaskComparison> results) {
    int falseVerdicts = 0;
    int wrongDirection = 0;
    int found = 0;
    int missed = 0;
    for (TaskComparison result : results) {
      double planted = plantedEffect(Integer.parseInt(result.task().substring(4)));
      Verdict expected =
          planted < 0 ? Verdict.SLOWER : planted > 0 ? Verdict.FASTER : Verdict.NO_DIFFERENCE;
      if (result.verdict() == expected) {
        found += expected == Verdict.NO_DIFFERENCE ? 0 : 1;
      } else if (expected == Verdict.NO_DIFFERENCE) {
        falseVerdicts++;
      } else if (result.verdict() == Verdict.NO_DIFFERENCE) {
        missed++;
      } else {
        wrongDirection++;
      }
    }
    return new Score(falseVerdicts, wrongDirection, found, missed);
  }

  /** Figures over {@code reps} seeded comparisons of this scenario. */
  record Tally(
      int reps, int allClear, double meanFdp, long found, long planted, long falseVerdicts) {

    /** Comparisons without a single false or wrongly directed verdict, as a fraction. */
    double allClearFraction() {
      return (double) allClear / reps;
    }

    /** Planted differences found in the right direction, as a fraction. */
    double power() {
      return planted == 0 ? Double.NaN : (double) found / planted;
    }
  }

  Tally run(long seed, int reps, ComparisonSettings settings) {
    SplittableRandom random = new SplittableRandom(seed);
    int allClear = 0;
    double fdp = 0;
    long found = 0;
    long falseVerdicts = 0;
    for (int rep = 0; rep < reps; rep++) {
      Score score = score(Comparison.compare(draw(random), true, settings));
      allClear += score.falseVerdicts() + score.wrongDirection() == 0 ? 1 : 0;
      fdp += score.falseDiscoveryProportion();
      found += score.found();
      falseVerdicts += score.falseVerdicts() + score.wrongDirection();
    }
    return new Tally(reps, allClear, fdp / reps, found, (long) affected * reps, falseVerdicts);
  }
}
