package org.nightbench.changepoints.detection;

/**
 * The newest nights of a series lying beyond the noise of its recent history: a change suspected
 * before the detector can place it. Later nights confirm it (the detector reports a step there) or
 * withdraw it.
 *
 * @param index the first night of the suspected new level
 * @param nights how many of the newest nights lie beyond (1 to {@link SuspicionCheck#PROBE})
 * @param reference the level of the recent history (the median of its nights)
 * @param level the mean of the suspected new level's nights
 * @param relativeChange {@code level / reference - 1}
 * @param zScore {@code level - reference} in standard errors of that difference, signed
 * @param effectSigma {@code level - reference} in the noise σ of one night, signed
 * @param noiseSigma the night-to-night noise of the recent history, in the series' unit
 * @param serialCorrelation the lag-1 correlation of that noise
 * @param machineChange where the machine moved its nights and the series moved beyond that, the
 *     machine's relative move (the run's median, in the series' sign): then {@code level}, {@code
 *     relativeChange}, {@code zScore} and {@code effectSigma} are of the series' move net of the
 *     machine's (what the series moved is {@code (1 + relativeChange)(1 + machineChange) - 1}), and
 *     the change is the code's. NaN otherwise
 */
public record SuspectedChange(
    int index,
    int nights,
    double reference,
    double level,
    double relativeChange,
    double zScore,
    double effectSigma,
    double noiseSigma,
    double serialCorrelation,
    double machineChange) {

  /** A change judged on the series alone. */
  public SuspectedChange(
      int index,
      int nights,
      double reference,
      double level,
      double relativeChange,
      double zScore,
      double effectSigma,
      double noiseSigma,
      double serialCorrelation) {
    this(
        index,
        nights,
        reference,
        level,
        relativeChange,
        zScore,
        effectSigma,
        noiseSigma,
        serialCorrelation,
        Double.NaN);
  }

  /** Whether the series moved beyond the machine's own move that night. */
  public boolean beyondMachine() {
    return Double.isFinite(machineChange);
  }
}
