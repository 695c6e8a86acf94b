package org.nightbench.attribution;

/**
 * Whose move one alert is, and why.
 *
 * @param verdict the machine's, the code's, or not known
 * @param evidence one line: what the control and the run's other series did at that run
 * @param overriddenBy the editor who set the verdict; null when the evidence decided it
 */
public record Attribution(Verdict verdict, String evidence, String overriddenBy) {

  /** Whether the alert is counted as a code change: not when the machine moved. */
  public boolean code() {
    return verdict != Verdict.MACHINE;
  }
}
