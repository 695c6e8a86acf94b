package org.nightbench.webhooks;

import java.util.List;
import java.util.Locale;
import org.nightbench.series.digest.DigestRow;
import org.nightbench.series.digest.Judgement;
import org.nightbench.series.digest.RunDigest;

/**
 * The JSON a webhook receives when a run finishes: a ready-made chat line in {@code text} and the
 * digest's facts for other receivers.
 *
 * @param text e.g. "Run 812 on bench-1 (11.0.0-SNAPSHOT abc1234) against run 811: 2 worse, 1
 *     better, 1,940 within noise, 5 not judged. Worst: search HighTerm qps −7.3 % (q 0.001):
 *     https://…/runs/812"
 * @param previousRunId the previous comparable run, or null for the first of its kind
 * @param disturbedReason why nothing was judged, or null
 * @param missingSeries series the previous run measured and this one did not
 * @param silentSteps steps that measured before and measure nothing now
 * @param compareUrl the remote's page of the commits between the two runs, or null
 */
public record RunDigestPayload(
    String text,
    long runId,
    Long previousRunId,
    String machine,
    String luceneSpec,
    String luceneVersion,
    String commitSha,
    String disturbedReason,
    int worse,
    int better,
    int withinNoise,
    int notJudged,
    List<Move> largestRegressions,
    List<Move> largestImprovements,
    int missingSeries,
    List<String> silentSteps,
    List<String> skippedNotes,
    String runUrl,
    String compareUrl) {

  /**
   * One counted move: the series, its change with the 95 % interval, its q-value, what it is
   * counted by ({@code test}, {@code detector} or {@code both}) and that evidence in words, and its
   * chart.
   */
  public record Move(
      long seriesId,
      String benchmark,
      String task,
      String metric,
      Double change,
      Double ciLow,
      Double ciHigh,
      Double qValue,
      String evidence,
      String evidenceText,
      String seriesUrl) {}

  static RunDigestPayload of(RunDigest digest, String publicUrl, String gitWebUrl) {
    String runUrl = publicUrl + "/runs/" + digest.to().id();
    List<Move> regressions = moves(digest.largestRegressions(), publicUrl);
    List<Move> improvements = moves(digest.largestImprovements(), publicUrl);
    return new RunDigestPayload(
        text(digest, regressions, runUrl),
        digest.to().id(),
        digest.from() == null ? null : digest.from().id(),
        digest.to().machine(),
        digest.to().luceneSpec(),
        digest.to().luceneVersion(),
        digest.to().commitSha(),
        digest.disturbedReason(),
        digest.worse(),
        digest.better(),
        digest.withinNoise(),
        digest.notJudged(),
        regressions,
        improvements,
        digest.missing().size(),
        digest.silentSteps().stream().map(RunDigest.SilentStep::step).toList(),
        digest.skippedNotes(),
        runUrl,
        digest.compareRange() == null ? null : gitWebUrl + "/compare/" + digest.compareRange());
  }

  private static List<Move> moves(List<DigestRow> rows, String publicUrl) {
    return rows.stream()
        .map(
            r ->
                new Move(
                    r.seriesId(),
                    r.benchmark(),
                    r.task(),
                    r.metric(),
                    r.change(),
                    r.ciLow(),
                    r.ciHigh(),
                    r.qValue(),
                    r.evidence() == null ? null : r.evidence().name().toLowerCase(Locale.ROOT),
                    r.evidenceText(),
                    publicUrl + "/series/" + r.seriesId()))
        .toList();
  }

  private static String text(RunDigest digest, List<Move> regressions, String runUrl) {
    StringBuilder text =
        new StringBuilder("Run ")
            .append(digest.to().id())
            .append(" on ")
            .append(digest.to().machine())
            .append(" (")
            .append(digest.to().label())
            .append(")");
    if (digest.from() == null) {
      boolean first = digest.disturbedReason() == null || digest.note() == null;
      return text.append(": ")
          .append(first ? "the first of its kind, nothing to compare with" : digest.note())
          .append(": ")
          .append(runUrl)
          .toString();
    }
    text.append(" against run ").append(digest.from().id()).append(": ");
    if (digest.disturbedReason() != null) {
      text.append("machine disturbed (").append(digest.disturbedReason()).append("), not judged");
    } else {
      text.append(digest.worse()).append(" worse");
      if (digest.worse() > 0) {
        text.append(" (").append(digest.evidence(Judgement.WORSE)).append(")");
      }
      text.append(", ").append(digest.better()).append(" better");
      if (digest.better() > 0) {
        text.append(" (").append(digest.evidence(Judgement.BETTER)).append(")");
      }
      text.append(", ")
          .append(digest.withinNoise())
          .append(" within noise, ")
          .append(digest.notJudged())
          .append(" not judged");
      if (!regressions.isEmpty()) {
        Move worst = regressions.get(0);
        text.append(". Worst: ")
            .append(worst.benchmark())
            .append(' ')
            .append(worst.task())
            .append(' ')
            .append(worst.metric())
            .append(' ')
            .append(
                worst.change() == null
                    ? worst.evidenceText()
                    : ChangePointPayload.percent(worst.change()) + ", " + worst.evidenceText());
      }
    }
    if (digest.anythingSilent()) {
      text.append(". Gone silent: ")
          .append(digest.missing().size())
          .append(" series, ")
          .append(digest.silentSteps().size() + digest.skippedNotes().size())
          .append(" steps");
    }
    return text.append(": ").append(runUrl).toString();
  }
}
