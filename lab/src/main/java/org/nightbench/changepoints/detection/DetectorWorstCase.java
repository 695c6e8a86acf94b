package org.nightbench.changepoints.detection;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Times {@link ChangePointDetector#detect} on inputs shaped to make it work hardest, as an
 * anonymous caller of {@code POST /api/change-points/detect} could send them: a step every level's
 * worth of points (the most candidates), each too small to pass (every one pruned), alternating
 * blocks, white noise, a staircase and a sawtooth. Prints the median and worst time per shape;
 * asserts nothing.
 *
 * <p>usage: {@code DetectorWorstCase [values] [reps] [seed]}; see {@code
 * scripts/detector-worst-case.sh}.
 */
public final class DetectorWorstCase {

  private DetectorWorstCase() {}

  public static void main(String[] args) {
    int length = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 20260101L;
    ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());
    Map<String, double[]> shapes = shapes(length, new SplittableRandom(seed));
    // Warm the JIT on every shape first, as a running server would be.
    for (int i = 0; i < 5; i++) {
      shapes.values().forEach(values -> detector.detect(values, null));
    }
    System.out.printf(Locale.ROOT, "%d values, %d repetitions, seed %d%n", length, reps, seed);
    double worst = 0;
    for (Map.Entry<String, double[]> shape : shapes.entrySet()) {
      double[] millis = new double[reps];
      int found = 0;
      for (int rep = 0; rep < reps; rep++) {
        long start = System.nanoTime();
        List<DetectedChange> changes = detector.detect(shape.getValue(), null);
        millis[rep] = (System.nanoTime() - start) / 1e6;
        found = changes.size();
      }
      Arrays.sort(millis);
      worst = Math.max(worst, millis[reps - 1]);
      System.out.printf(
          Locale.ROOT,
          "%-34s median %7.1f ms, max %7.1f ms, %d change points%n",
          shape.getKey(),
          millis[reps / 2],
          millis[reps - 1],
          found);
    }
    System.out.printf(Locale.ROOT, "worst single detection: %.1f ms%n", worst);
  }

  static Map<String, double[]> shapes(int length, SplittableRandom random) {
    Map<String, double[]> shapes = new LinkedHashMap<>();
    int segment = DetectorSettings.defaults().minSegment();
    shapes.put(
        "small steps every 7 (all pruned)",
        fill(length, i -> 100 * (1 + 0.005 * ((i / segment) % 2)) + random.nextGaussian() * 0.01));
    shapes.put(
        "large steps every 7",
        fill(length, i -> 100 * (1 + 0.5 * ((i / segment) % 2)) + random.nextGaussian()));
    shapes.put(
        "noisy steps every 7 (half pass)",
        fill(length, i -> 100 + 3 * ((i / segment) % 2) + random.nextGaussian()));
    shapes.put("random block levels of 7", randomBlocks(length, segment, random));
    shapes.put("white noise", fill(length, i -> 100 + random.nextGaussian()));
    shapes.put("staircase of 7", fill(length, i -> 100 + (i / segment) * 0.5));
    shapes.put("sawtooth of 28", fill(length, i -> 100 + (i % 28)));
    return shapes;
  }

  private static double[] randomBlocks(int length, int segment, SplittableRandom random) {
    double[] values = new double[length];
    double level = 100;
    for (int i = 0; i < length; i++) {
      if (i % segment == 0) {
        level = 100 * (1 + random.nextDouble(-0.02, 0.02));
      }
      values[i] = level + random.nextGaussian() * 0.05;
    }
    return values;
  }

  private interface Shape {
    double at(int i);
  }

  private static double[] fill(int length, Shape shape) {
    double[] values = new double[length];
    for (int i = 0; i < length; i++) {
      values[i] = shape.at(i);
    }
    return values;
  }
}
