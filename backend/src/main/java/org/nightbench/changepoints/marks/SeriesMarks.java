package org.nightbench.changepoints.marks;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything editors told detection about one series.
 *
 * @param minRelativeChange the series' own smallest step, or null for the detector's default
 * @param defaultMinRelativeChange the detector's default, for the page to show
 */
public record SeriesMarks(
    long seriesId,
    List<DetectionMark> excluded,
    List<DetectionMark> expected,
    Double minRelativeChange,
    double defaultMinRelativeChange) {

  /** The runs whose points detection leaves out. */
  public Set<Long> excludedRuns() {
    return excluded.stream().map(DetectionMark::runId).collect(Collectors.toSet());
  }

  /** The runs where an expected change starts a new level. */
  public Set<Long> expectedRuns() {
    return expected.stream().map(DetectionMark::runId).collect(Collectors.toSet());
  }
}
