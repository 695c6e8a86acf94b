package org.nightbench.changepoints.detection;

import java.util.Objects;
import java.util.Set;

/**
 * What an editor knows about one series that the detector cannot see in its numbers: nights to
 * ignore, nights where an expected change happened, and how small a change is worth reporting.
 * {@link #none()} is the default, under which the detector behaves as without inputs.
 *
 * @param excluded indices of nights ignored by detection (a bad night kept on the chart): the
 *     detector sees the series without them, and never reports a change at one
 * @param knownBoundaries indices where an expected change starts (a benchmark or environment
 *     change): detection treats each as a segment boundary, never tests a step across it, and
 *     reports no change within {@link #BOUNDARY_TOLERANCE} of it
 * @param minRelativeChange the smallest |relative change| reported for this series (0.05 = 5 %),
 *     overriding {@link DetectorSettings#minRelativeChange()}; NaN to keep the settings' value
 */
public record DetectionInputs(
    Set<Integer> excluded, Set<Integer> knownBoundaries, double minRelativeChange) {

  /** How close to a known boundary a change is taken to be that expected change. */
  public static final int BOUNDARY_TOLERANCE = 2;

  private static final DetectionInputs NONE = new DetectionInputs(Set.of(), Set.of(), Double.NaN);

  public DetectionInputs {
    excluded = Set.copyOf(Objects.requireNonNull(excluded, "excluded"));
    knownBoundaries = Set.copyOf(Objects.requireNonNull(knownBoundaries, "knownBoundaries"));
    if (!(Double.isNaN(minRelativeChange) || minRelativeChange >= 0)) {
      throw new IllegalArgumentException(
          "minRelativeChange must be >= 0 (or NaN for the default): " + minRelativeChange);
    }
  }

  /** No exclusions, no known boundaries, the settings' minimum change. */
  public static DetectionInputs none() {
    return NONE;
  }

  public DetectionInputs withExcluded(Set<Integer> indices) {
    return new DetectionInputs(indices, knownBoundaries, minRelativeChange);
  }

  public DetectionInputs withKnownBoundaries(Set<Integer> indices) {
    return new DetectionInputs(excluded, indices, minRelativeChange);
  }

  public DetectionInputs withMinRelativeChange(double relative) {
    return new DetectionInputs(excluded, knownBoundaries, relative);
  }

  /** These inputs for the first {@code length} nights only, as a night of a replay sees them. */
  public DetectionInputs within(int length) {
    return new DetectionInputs(
        excluded.stream().filter(i -> i < length).collect(java.util.stream.Collectors.toSet()),
        knownBoundaries.stream()
            .filter(i -> i < length)
            .collect(java.util.stream.Collectors.toSet()),
        minRelativeChange);
  }

  /** This series' minimum relative change: the override if set, else the settings'. */
  double minRelativeChange(DetectorSettings settings) {
    return Double.isNaN(minRelativeChange) ? settings.minRelativeChange() : minRelativeChange;
  }

  /** Throws naming the first index that does not lie in a series of {@code length} values. */
  void validate(int length) {
    for (int i : excluded) {
      if (i < 0 || i >= length) {
        throw new IllegalArgumentException(
            "excluded index " + i + " is outside the series of " + length + " values");
      }
    }
    for (int i : knownBoundaries) {
      if (i < 0 || i >= length) {
        throw new IllegalArgumentException(
            "known boundary " + i + " is outside the series of " + length + " values");
      }
    }
  }
}
