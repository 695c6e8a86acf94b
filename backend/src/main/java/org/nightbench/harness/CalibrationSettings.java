package org.nightbench.harness;

/**
 * The fixed, Lucene-independent workload timed before and after every run, so a box that got slower
 * is told apart from a Lucene that did.
 *
 * @param rounds measured rounds; the score comes from their median
 * @param warmupRounds rounds run first and dropped
 * @param memoryMb the array the memory part walks; must fit the profile's heap
 * @param disturbedPercent a run whose calibration is further than this from the machine's recent
 *     median is marked disturbed
 * @param window how many recent runs of the machine make that median
 */
public record CalibrationSettings(
    int rounds, int warmupRounds, int memoryMb, double disturbedPercent, int window) {

  public CalibrationSettings {
    rounds = rounds == 0 ? 15 : rounds;
    warmupRounds = warmupRounds == 0 ? 5 : warmupRounds;
    memoryMb = memoryMb == 0 ? 256 : memoryMb;
    disturbedPercent = disturbedPercent == 0 ? 5 : disturbedPercent;
    window = window == 0 ? 10 : window;
    ProfileChecks.atLeast("calibration rounds", rounds, 1);
    ProfileChecks.atLeast("calibration warmup-rounds", warmupRounds, 0);
    ProfileChecks.atLeast("calibration memory-mb", memoryMb, 1);
    ProfileChecks.above("calibration disturbed-percent", disturbedPercent, 0);
    ProfileChecks.atLeast("calibration window", window, 1);
  }
}
