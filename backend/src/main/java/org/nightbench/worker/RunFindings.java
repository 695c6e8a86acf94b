package org.nightbench.worker;

import java.util.List;

/**
 * What the runner concluded about a run besides its measurements, stored by {@link RunCompletion}
 * in the transaction that stores the measurements.
 *
 * @param notes remarks for the run page (failed benchmarks, skipped categories, machine changes)
 * @param calibrationBefore the calibration score before the run; null if not measured
 * @param calibrationAfter the calibration score after the run; null if not measured
 * @param disturbedReason why the box is suspected of having moved; null if not
 * @param failure one line naming the benchmarks that failed while others ran; null if none did, and
 *     the run succeeds
 */
record RunFindings(
    List<String> notes,
    Double calibrationBefore,
    Double calibrationAfter,
    String disturbedReason,
    String failure) {

  public RunFindings {
    notes = notes == null ? List.of() : List.copyOf(notes);
  }
}
