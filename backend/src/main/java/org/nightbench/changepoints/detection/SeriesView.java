package org.nightbench.changepoints.detection;

import java.util.Arrays;

/**
 * A series as detection sees it under {@link DetectionInputs}: without its excluded nights, and
 * with its known boundaries as positions in what is left. Maps positions back to the caller's
 * indices.
 */
final class SeriesView {

  final double[] values;
  final double[] stddevs;
  private final int[] original;
  private final int originalLength;
  private final int[] boundaries;
  private final int[] originalBoundaries;

  private SeriesView(
      double[] values,
      double[] stddevs,
      int[] original,
      int originalLength,
      int[] boundaries,
      int[] originalBoundaries) {
    this.values = values;
    this.stddevs = stddevs;
    this.original = original;
    this.originalLength = originalLength;
    this.boundaries = boundaries;
    this.originalBoundaries = originalBoundaries;
  }

  static SeriesView of(double[] values, double[] stddevs, DetectionInputs inputs) {
    int length = values.length;
    int[] kept = new int[length];
    int count = 0;
    for (int i = 0; i < length; i++) {
      if (!inputs.excluded().contains(i)) {
        kept[count++] = i;
      }
    }
    kept = Arrays.copyOf(kept, count);
    double[] keptValues = new double[count];
    double[] keptStddevs = stddevs == null ? null : new double[count];
    for (int k = 0; k < count; k++) {
      keptValues[k] = values[kept[k]];
      if (keptStddevs != null) {
        keptStddevs[k] = stddevs[kept[k]];
      }
    }
    int[] originalBoundaries =
        inputs.knownBoundaries().stream().mapToInt(Integer::intValue).sorted().toArray();
    SeriesView view =
        new SeriesView(keptValues, keptStddevs, kept, length, new int[0], originalBoundaries);
    int[] boundaries =
        Arrays.stream(originalBoundaries)
            .map(view::position)
            .filter(p -> p > 0 && p < keptValues.length)
            .distinct()
            .toArray();
    return new SeriesView(keptValues, keptStddevs, kept, length, boundaries, originalBoundaries);
  }

  int length() {
    return values.length;
  }

  /** The caller's index of position {@code p}; the series' length for the position past the end. */
  int original(int p) {
    return p < original.length ? original[p] : originalLength;
  }

  /** {@code change}, found on the view's positions, on the series' nights (a drift's end too). */
  DetectedChange original(DetectedChange change) {
    return new DetectedChange(
        original(change.index()),
        change.meanBefore(),
        change.meanAfter(),
        change.relativeChange(),
        change.pValue(),
        change.effectSigma(),
        change.noiseSigma(),
        change.serialCorrelation(),
        change.drift() == null
            ? null
            : new DetectedChange.Drift(
                original(change.drift().last()),
                change.drift().slopePerNight(),
                change.drift().relativeSlopePerNight()));
  }

  /** The position of the first kept night at or after the caller's index {@code index}. */
  int position(int index) {
    int at = Arrays.binarySearch(original, index);
    return at >= 0 ? at : -at - 1;
  }

  /** The known boundaries strictly inside {@code (from, to)}, as positions, ascending. */
  int[] boundariesWithin(int from, int to) {
    return Arrays.stream(boundaries).filter(b -> b > from && b < to).toArray();
  }

  /** Whether the caller's index lies within the tolerance of a known boundary. */
  boolean nearBoundary(int index) {
    for (int b : originalBoundaries) {
      if (Math.abs(b - index) <= DetectionInputs.BOUNDARY_TOLERANCE) {
        return true;
      }
    }
    return false;
  }
}
