package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;

/**
 * The KNN settings on which the candidate finds fewer true neighbours than the baseline. A faster
 * vector search that returns worse neighbours is no improvement, and the speed tables alone would
 * call it one, so these are named above every table whatever the latency did.
 *
 * <p>A loss is flagged when the candidate's mean recall@k is lower than the baseline's by more than
 * {@link #TOLERANCE} and by more than two standard errors of the difference of the means: the
 * tolerance, one neighbour in ten queries at k = 10, keeps a drop too small to matter from being
 * flagged when every JVM found exactly the same neighbours (zero variance); the standard errors
 * keep the JVM-to-JVM spread of a graph built with concurrent merges from passing for a loss.
 */
final class RecallLosses {

  /** The smallest drop of mean recall@k that is flagged, in recall (0..1). */
  static final double TOLERANCE = 0.01;

  /** Standard errors of the difference a drop must exceed. */
  static final double STANDARD_ERRORS = 2;

  private RecallLosses() {}

  /** One line per KNN task whose recall the candidate lost, with what its latency did. */
  static List<String> find(List<ComparisonOutcome.Samples> samples) {
    Map<String, ComparisonOutcome.Samples> latency =
        samples.stream()
            .filter(s -> s.benchmark().equals("knn") && s.metric().equals("latencyMeanMs"))
            .collect(
                Collectors.toMap(
                    ComparisonOutcome.Samples::task, Function.identity(), (a, b) -> a));
    List<String> losses = new ArrayList<>();
    for (ComparisonOutcome.Samples recall : samples) {
      if (!recall.benchmark().equals("knn") || !recall.metric().equals("recall")) {
        continue;
      }
      double before = mean(recall.baseline());
      double after = mean(recall.candidate());
      double drop = before - after;
      double standardError =
          Math.sqrt(
              variance(recall.baseline()) / recall.baseline().length
                  + variance(recall.candidate()) / recall.candidate().length);
      if (drop > TOLERANCE && drop > STANDARD_ERRORS * standardError) {
        losses.add(line(recall, before, after, standardError, latency.get(recall.task())));
      }
    }
    return losses;
  }

  private static String line(
      ComparisonOutcome.Samples recall,
      double before,
      double after,
      double standardError,
      ComparisonOutcome.Samples latency) {
    String text =
        String.format(
            Locale.ROOT,
            "%s: %s %.3f → %.3f (−%.3f, standard error %.3f)",
            recall.task(),
            recall.unit(),
            before,
            after,
            before - after,
            standardError);
    if (latency != null) {
      double change = mean(latency.candidate()) / mean(latency.baseline()) - 1;
      text +=
          String.format(
              Locale.ROOT,
              "; mean latency %+.1f %%%s",
              100 * change,
              change < 0 ? ", faster but worse" : "");
    }
    return text;
  }

  private static double mean(double[] values) {
    return Mean.of(values).getAsDouble();
  }

  /** Sample variance (n − 1); 0 for a single value. */
  private static double variance(double[] values) {
    return Variance.of(values).getAsDouble();
  }
}
