package org.nightbench.series.digest;

/**
 * The change point found for a digest row's series at a run of the digest's range: its triage state
 * ({@code untriaged}, {@code investigating}, {@code confirmed} …) and its stage ({@code suspected}
 * the morning after, {@code confirmed} once later nights placed it, or {@code withdrawn}).
 */
public record ChangePointRef(long id, String state, String stage) {

  /** Whether only the newest nights show it: later nights confirm or withdraw it. */
  public boolean suspected() {
    return "suspected".equals(stage);
  }

  /** What the digest's column shows: the stage while it is not confirmed, else the triage state. */
  public String label() {
    return "confirmed".equals(stage) ? state : stage;
  }
}
