package org.nightbench.bisect;

import java.time.Instant;

/**
 * One comparison a bisect ran: step 0 compares the ends, later steps a probed commit with the good
 * end; a probe judged unknown is tried again, with more JVMs, under the same step.
 *
 * @param effect the probed commit's relative difference to the good end; null until judged
 * @param verdict null while its comparison runs
 */
public record BisectProbe(
    long id,
    int step,
    int position,
    Long comparisonId,
    int jvms,
    ProbeVerdict verdict,
    Double effect,
    Double effectLow,
    Double effectHigh,
    String note,
    Instant startedAt,
    Instant judgedAt) {

  public boolean ends() {
    return step == 0;
  }
}
