package org.nightbench.series.digest;

import java.util.Set;
import org.nightbench.changepoints.DriftText;

/**
 * The change point found for a digest row's series at a run of the digest's range: its triage state
 * ({@code untriaged}, {@code investigating}, {@code confirmed} …), its stage ({@code suspected} the
 * morning after, {@code confirmed} once later nights placed it, or {@code withdrawn}), and what the
 * detector measured.
 *
 * @param runId the run the new level starts at
 * @param direction {@code regression} or {@code improvement}, from the reader's side; null when
 *     unknown
 * @param relativeChange the new level against the old minus 1; null when unknown
 * @param effectSigma the step in the series' own noise (σ); null when unknown
 * @param driftNights for a drift (the level moved a little every night, from {@code runId} on), the
 *     nights it spans; null for a step
 * @param driftSlope for a drift, its move a night relative to its first night's level; null for a
 *     step
 */
public record ChangePointRef(
    long id,
    String state,
    String stage,
    Long runId,
    String direction,
    Double relativeChange,
    Double effectSigma,
    Integer driftNights,
    Double driftSlope) {

  /** Triage states that say the change is not Lucene's: it counts for no verdict. */
  private static final Set<String> NOT_LUCENE = Set.of("invalid", "infra");

  /** Whether only the newest nights show it: later nights confirm or withdraw it. */
  public boolean suspected() {
    return "suspected".equals(stage);
  }

  /** Whether later nights placed it: the detector weighed the nights on both sides. */
  public boolean confirmed() {
    return "confirmed".equals(stage);
  }

  /** What the digest's column shows: the stage while it is not confirmed, else the triage state. */
  public String label() {
    return "confirmed".equals(stage) ? state : stage;
  }

  /** A drift in words, "drift over 120 nights, +0.059 %/night"; null for a step. */
  public String drift() {
    return driftNights == null ? null : DriftText.of(driftNights, driftSlope);
  }

  /**
   * What the detector says of the series at this night, or null when it says nothing that counts: a
   * withdrawn suspicion, a change triaged invalid or infra (not Lucene's), or no direction.
   */
  Judgement judgement() {
    if ("withdrawn".equals(stage) || NOT_LUCENE.contains(state) || direction == null) {
      return null;
    }
    return "regression".equals(direction) ? Judgement.WORSE : Judgement.BETTER;
  }
}
