package org.nightbench.series.digest;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.nightbench.ingest.SegmentStart;
import org.nightbench.web.ValueFormat;

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
 * @param judgement what the night's test alone concludes; {@link #verdict()} is the row's answer
 * @param note why the row is not judged, or null
 * @param changePoint the change point found for this series in the digest's range, or null
 */
// The verdict and its evidence are derived, written for readers and ignored when read back.
@JsonIgnoreProperties(ignoreUnknown = true)
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

  /** Which evidence a change is counted by: the night's test, the detector, or both agreeing. */
  public enum Evidence {
    TEST("the night's test"),
    DETECTOR("the detector"),
    BOTH("the night's test and the detector");

    private final String label;

    Evidence(String label) {
      this.label = label;
    }

    /** As a person reads it: {@code the night's test}. */
    public String label() {
      return label;
    }
  }

  private static final ValueFormat FORMAT = new ValueFormat();

  /**
   * The row's one answer, shared by every page, the API and the webhook: the night's test ({@link
   * #judgement}) combined with the detector's change point in the digest's range. A change either
   * finds counts; where they disagree a confirmed change point (which weighs the nights on both
   * sides) outweighs one night's JVMs, and one night's JVMs outweigh a suspicion. On a disturbed
   * machine nothing counts unless judged anyway.
   */
  @JsonProperty("verdict")
  public Judgement verdict() {
    Judgement detector = detector();
    if (detector == null) {
      return judgement;
    }
    if (!changed(judgement) || detector == judgement) {
      return detector;
    }
    return changePoint.confirmed() ? detector : judgement;
  }

  /** What the verdict of a change rests on; null for a row that is not a change. */
  @JsonProperty("evidence")
  public Evidence evidence() {
    Judgement verdict = verdict();
    if (!changed(verdict)) {
      return null;
    }
    boolean test = judgement == verdict;
    boolean detector = detector() == verdict;
    return test && detector ? Evidence.BOTH : test ? Evidence.TEST : Evidence.DETECTOR;
  }

  /**
   * The verdict's evidence in words, e.g. "by the detector: confirmed change point at run 391, −11%
   * (−9.3σ); the night's test alone: q 0.054"; for a row whose own interval excludes 0 but not
   * after the run-wide correction, that; null when there is nothing to say.
   */
  @JsonProperty("evidenceText")
  public String evidenceText() {
    Evidence evidence = evidence();
    if (evidence == null) {
      return nominalOnly()
          ? "its own interval excludes 0 (p "
              + FORMAT.probability(pValue)
              + "), not after the run-wide correction (q "
              + FORMAT.probability(qValue)
              + "): not counted as a change"
          : null;
    }
    return switch (evidence) {
      case TEST -> "by the night's test: q " + FORMAT.probability(qValue);
      case BOTH ->
          "by the night's test (q "
              + FORMAT.probability(qValue)
              + ") and the detector ("
              + changePointText()
              + ")";
      case DETECTOR ->
          "by the detector: "
              + changePointText()
              + (qValue == null
                  ? ""
                  : "; the night's test alone: q "
                      + FORMAT.probability(qValue)
                      + (changed(judgement) ? ", " + judgement.label() : ""));
    };
  }

  /**
   * Whether the row's own 95 % interval excludes 0 while the run-wide correction leaves it within
   * noise: at hundreds of series some do each night by chance, so it is said, not counted.
   */
  public boolean nominalOnly() {
    return judgement == Judgement.WITHIN_NOISE
        && ciLow != null
        && ciHigh != null
        && (ciLow > 0 || ciHigh < 0);
  }

  private String changePointText() {
    StringBuilder text = new StringBuilder(changePoint.stage()).append(" change point");
    if (changePoint.runId() != null) {
      text.append(" at run ").append(changePoint.runId());
    }
    if (changePoint.relativeChange() != null) {
      text.append(", ").append(FORMAT.change(changePoint.relativeChange()));
    }
    if (changePoint.effectSigma() != null) {
      text.append(" (").append(FORMAT.signed(changePoint.effectSigma(), 1)).append("σ)");
    }
    return text.toString();
  }

  /** What the detector says here, or null: nothing counts on a disturbed night not judged. */
  private Judgement detector() {
    if (changePoint == null || (note != null && note.startsWith(DigestJudge.DISTURBED))) {
      return null;
    }
    return changePoint.judgement();
  }

  private static boolean changed(Judgement judgement) {
    return judgement == Judgement.WORSE || judgement == Judgement.BETTER;
  }

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

  /**
   * Whether the two nights measured with other settings or another harness measuring version: the
   * row is not judged, its note says what changed ({@code benchmark changed: nrt reopen-interval-ms
   * 1000 → 50}).
   */
  @JsonProperty("benchmarkChanged")
  public boolean benchmarkChanged() {
    return judgement == Judgement.NOT_JUDGED
        && note != null
        && note.startsWith(SegmentStart.BENCHMARK_CHANGED);
  }

  /** What the filter on the run page searches: group, benchmark, task and metric. */
  public String searchText() {
    return String.join(" ", groupTitle, benchmark, task, metric);
  }
}
