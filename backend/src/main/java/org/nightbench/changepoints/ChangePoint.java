package org.nightbench.changepoints;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * A change found in one series, a step or a slow drift: the run where the new level starts (where
 * the drift starts), the level before and after, and where it stands in triage.
 *
 * @param relativeChange {@code meanAfter / meanBefore - 1}
 * @param direction {@code regression} or {@code improvement}, by the metric's better direction
 * @param effectSigma the step in units of the series' estimated noise, signed; null for change
 *     points stored before it was measured (as are the two below)
 * @param noiseSigma the estimated night-to-night noise around the levels, in the series' unit
 * @param serialCorrelation the estimated lag-1 correlation of that noise (0: independent nights)
 * @param stage {@code suspected} (the newest nights lie beyond the noise; the step is not placed
 *     yet), {@code confirmed} (the detector placed it) or {@code withdrawn} (later nights did not
 *     hold it)
 * @param kind {@code step}, or {@code drift}: the level moved a little every night from {@code
 *     runId} to {@code driftLastRunId}
 * @param driftNights for a drift, the nights it spans; null for a step
 * @param driftSlope for a drift, its move a night relative to the level on its first night (0.001
 *     is +0.1 % a night); null for a step
 */
@Schema(description = "A detected change point of one series")
public record ChangePoint(
    long id,
    long seriesId,
    long runId,
    Long previousRunId,
    Instant x,
    double meanBefore,
    double meanAfter,
    double relativeChange,
    Double pValue,
    Double effectSigma,
    Double noiseSigma,
    Double serialCorrelation,
    String direction,
    String stage,
    String state,
    String assignee,
    String kind,
    Long driftLastRunId,
    Integer driftNights,
    Double driftSlope) {

  /** A drift in words, "drift over 120 nights, +0.059 %/night"; null for a step. */
  @Schema(description = "a drift in words; null for a step")
  public String driftText() {
    return driftNights == null ? null : DriftText.of(driftNights, driftSlope);
  }
}
