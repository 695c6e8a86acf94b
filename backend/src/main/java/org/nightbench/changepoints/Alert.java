package org.nightbench.changepoints;

import java.time.Instant;

/**
 * A change point as the alerts page lists it: with its series, the commit range it falls in and its
 * triage.
 *
 * @param previousCommitSha the commit of the point before the step (the range's start), or null
 * @param commitSha the commit of the first point of the new level (the range's end), or null
 * @param effectSigma the evidence, as {@link ChangePoint} holds it: the step in noise standard
 *     deviations, the noise and its serial correlation (null for change points stored before)
 * @param stage {@code suspected}, {@code confirmed} or {@code withdrawn}, as {@link ChangePoint}
 *     holds it
 * @param onsetNights for a suspected change whose first night the nights cannot tell, how many
 *     nights it may have begun on (the range from {@code previousRunId} to {@code runId} holds them
 *     all); null where its first night is known
 * @param driftNights for a drift, the nights its level moved over (from {@code runId} on); null for
 *     a step
 * @param driftSlope for a drift, how far it moved a night relative to its first night's level
 *     (0.001 is +0.1 % a night); null for a step
 */
public record Alert(
    long id,
    long seriesId,
    String benchmark,
    String task,
    String metric,
    String unit,
    String machine,
    long runId,
    Long previousRunId,
    String luceneVersion,
    String previousCommitSha,
    String commitSha,
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
    String note,
    Long annotationId,
    Instant detectedAt,
    String updatedBy,
    Instant updatedAt,
    Integer onsetNights,
    Integer driftNights,
    Double driftSlope,
    boolean profiled) {

  /**
   * Whether the step is only suspected: the newest nights show it, the detector has not placed it.
   */
  public boolean suspected() {
    return "suspected".equals(stage);
  }

  /**
   * Where the step began, in words, where its first night is not known: "began within the 4 nights
   * to run 12" (the commit range holds them all); null where the range is one night's.
   */
  public String onset() {
    return onsetNights == null
        ? null
        : "began within the " + onsetNights + " nights to run " + runId;
  }

  /** A drift in words, "drift over 120 nights, +0.059 %/night"; null for a step. */
  public String drift() {
    return driftNights == null ? null : DriftText.of(driftNights, driftSlope);
  }

  /** Alerts of one commit range are triaged together: the same commits caused them. */
  public String commitRange() {
    if (commitSha == null) {
      return "run " + (previousRunId == null ? "?" : previousRunId) + " … run " + runId;
    }
    return (previousCommitSha == null ? "?" : previousCommitSha.substring(0, 7))
        + "…"
        + commitSha.substring(0, 7);
  }
}
