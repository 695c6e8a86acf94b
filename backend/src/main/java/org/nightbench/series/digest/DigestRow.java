package org.nightbench.series.digest;

/**
 * One series between the two runs of a digest.
 *
 * @param group the overview's group key (e.g. {@code boolean}) and {@code groupTitle} its heading
 * @param fromMean the mean over the earlier run's JVMs, {@code fromJvms} how many there were; null
 *     and 0 for a series the earlier run did not measure
 * @param change the later run relative to the earlier minus 1 (-0.042 is 4.2 % lower): the ratio of
 *     the means under Welch, the Hodges–Lehmann shift under Mann–Whitney; null without a mean
 * @param ciLow the 95 % confidence interval of {@code change}; null when unbounded or not judged
 * @param qValue the Benjamini–Hochberg q-value across every judged series of the digest
 * @param test {@code welch} or {@code mann-whitney}; null when not judged
 * @param note why the row is not judged, or null
 * @param changePoint the change point found for this series in the digest's range, or null
 */
public record DigestRow(
    long seriesId,
    String group,
    String groupTitle,
    String benchmark,
    String task,
    String metric,
    String unit,
    boolean higherIsBetter,
    Double fromMean,
    int fromJvms,
    double toMean,
    int toJvms,
    Double change,
    Double ciLow,
    Double ciHigh,
    Double pValue,
    Double qValue,
    String test,
    Judgement judgement,
    String note,
    ChangePointRef changePoint) {

  /** This row naming {@code ref} as its change point. */
  DigestRow withChangePoint(ChangePointRef ref) {
    return new DigestRow(
        seriesId,
        group,
        groupTitle,
        benchmark,
        task,
        metric,
        unit,
        higherIsBetter,
        fromMean,
        fromJvms,
        toMean,
        toJvms,
        change,
        ciLow,
        ciHigh,
        pValue,
        qValue,
        test,
        judgement,
        note,
        ref);
  }

  /** This row not judged, for {@code why}. */
  DigestRow notJudged(String why) {
    return new DigestRow(
        seriesId,
        group,
        groupTitle,
        benchmark,
        task,
        metric,
        unit,
        higherIsBetter,
        fromMean,
        fromJvms,
        toMean,
        toJvms,
        change,
        null,
        null,
        null,
        null,
        null,
        Judgement.NOT_JUDGED,
        why,
        changePoint);
  }

  /** What the filter on the run page searches: group, benchmark, task and metric. */
  public String searchText() {
    return String.join(" ", groupTitle, benchmark, task, metric);
  }
}
