package org.nightbench.series.digest;

import java.util.Set;

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
 */
public record ChangePointRef(
    long id,
    String state,
    String stage,
    Long runId,
    String direction,
    Double relativeChange,
    Double effectSigma) {

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
