package org.nightbench.changepoints;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * A step found in one series: the run where the new level starts, the level before and after, and
 * where it stands in triage.
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
    String assignee) {}
