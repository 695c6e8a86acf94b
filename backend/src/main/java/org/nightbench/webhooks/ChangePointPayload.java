package org.nightbench.webhooks;

import java.time.Instant;
import java.util.Locale;
import org.nightbench.attribution.Attribution;
import org.nightbench.attribution.Verdict;

/**
 * The JSON a webhook receives for one new change point: a ready-made chat line in {@code text}
 * (Slack, Mattermost and Rocket.Chat show it as it is) and every fact for other receivers.
 *
 * @param text e.g. "Regression −7.3 % in search HighTerm qps on bench-1 (Lucene 10.1.0-SNAPSHOT,
 *     abc1234…def5678): https://…/series/42"
 * @param relativeChange {@code meanAfter / meanBefore - 1}, e.g. -0.073
 * @param effectSigma the evidence: the step in units of the series' noise, that noise and its
 *     serial correlation (null for change points stored before they were measured)
 * @param x the date of the first point of the new level
 * @param commitRange the short shas of the previous and this run's commits ({@code ?} for an
 *     unknown start), or null when this run was not built from git
 * @param compareUrl the remote's page of the commits in the range, or null
 * @param seriesUrl the series page on this Nightbench
 * @param attribution whose move it is: {@code machine}, {@code code} or {@code unknown} (the
 *     control revision and the run's other series that night); null when not known to the sender
 * @param attributionEvidence the evidence of that verdict, one line; null with it
 */
public record ChangePointPayload(
    String text,
    long changePointId,
    String direction,
    double relativeChange,
    double meanBefore,
    double meanAfter,
    Double pValue,
    Double effectSigma,
    Double noiseSigma,
    Double serialCorrelation,
    Instant x,
    long seriesId,
    String benchmark,
    String task,
    String metric,
    String unit,
    String machine,
    boolean higherIsBetter,
    long runId,
    String luceneSpec,
    String luceneVersion,
    String commitSha,
    Long previousRunId,
    String previousLuceneVersion,
    String previousCommitSha,
    String commitRange,
    String compareUrl,
    String seriesUrl,
    String attribution,
    String attributionEvidence) {

  /** The facts of one change point as stored, from which the links and the chat line follow. */
  record Facts(
      long changePointId,
      String direction,
      double relativeChange,
      double meanBefore,
      double meanAfter,
      Double pValue,
      Double effectSigma,
      Double noiseSigma,
      Double serialCorrelation,
      Instant x,
      long seriesId,
      String benchmark,
      String task,
      String metric,
      String unit,
      String machine,
      boolean higherIsBetter,
      long runId,
      String luceneSpec,
      String luceneVersion,
      String commitSha,
      Long previousRunId,
      String previousLuceneVersion,
      String previousCommitSha) {}

  /**
   * The payload of {@code facts}; {@code publicUrl} and {@code gitWebUrl} come without a trailing
   * slash.
   */
  static ChangePointPayload of(Facts facts, String publicUrl, String gitWebUrl) {
    return of(facts, publicUrl, gitWebUrl, null);
  }

  /**
   * The payload of {@code facts} with whose move it is: a change the machine made (the control
   * moved with it) says so first in the chat line, so nobody reads it as a code regression.
   */
  static ChangePointPayload of(
      Facts facts, String publicUrl, String gitWebUrl, Attribution attribution) {
    String range =
        facts.commitSha() == null
            ? null
            : shortSha(facts.previousCommitSha()) + "…" + shortSha(facts.commitSha());
    String compare =
        facts.commitSha() == null || facts.previousCommitSha() == null
            ? null
            : gitWebUrl + "/compare/" + facts.previousCommitSha() + "..." + facts.commitSha();
    String seriesUrl = publicUrl + "/series/" + facts.seriesId();
    String text = text(facts, range, seriesUrl);
    if (attribution != null && attribution.verdict() == Verdict.MACHINE) {
      text = "Machine moved, not a code regression (" + attribution.evidence() + "): " + text;
    }
    return new ChangePointPayload(
        text,
        facts.changePointId(),
        facts.direction(),
        facts.relativeChange(),
        facts.meanBefore(),
        facts.meanAfter(),
        facts.pValue(),
        facts.effectSigma(),
        facts.noiseSigma(),
        facts.serialCorrelation(),
        facts.x(),
        facts.seriesId(),
        facts.benchmark(),
        facts.task(),
        facts.metric(),
        facts.unit(),
        facts.machine(),
        facts.higherIsBetter(),
        facts.runId(),
        facts.luceneSpec(),
        facts.luceneVersion(),
        facts.commitSha(),
        facts.previousRunId(),
        facts.previousLuceneVersion(),
        facts.previousCommitSha(),
        range,
        compare,
        seriesUrl,
        attribution == null ? null : attribution.verdict().key(),
        attribution == null ? null : attribution.evidence());
  }

  private static String text(Facts facts, String range, String seriesUrl) {
    String version = facts.luceneVersion() != null ? facts.luceneVersion() : facts.luceneSpec();
    String revision;
    if (range != null) {
      revision = version + ", " + range;
    } else if (facts.previousLuceneVersion() != null
        && !facts.previousLuceneVersion().equals(version)) {
      // Releases have no commits: the versions are the range.
      revision = facts.previousLuceneVersion() + " → " + version;
    } else {
      revision = version;
    }
    return capitalized(facts.direction())
        + " "
        + percent(facts.relativeChange())
        + " in "
        + facts.benchmark()
        + " "
        + facts.task()
        + " "
        + facts.metric()
        + " on "
        + facts.machine()
        + " (Lucene "
        + revision
        + "): "
        + seriesUrl;
  }

  /** E.g. "−7.3 %" or "+12.0 %", with a true minus sign as a person would write it. */
  static String percent(double relativeChange) {
    String digits = String.format(Locale.ROOT, "%.1f", Math.abs(relativeChange) * 100);
    return (relativeChange < 0 ? "\u2212" : "+") + digits + " %";
  }

  private static String capitalized(String word) {
    return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  private static String shortSha(String sha) {
    return sha == null ? "?" : sha.substring(0, Math.min(7, sha.length()));
  }
}
