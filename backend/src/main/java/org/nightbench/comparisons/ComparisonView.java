package org.nightbench.comparisons;

import java.time.Instant;
import java.util.List;
import org.nightbench.runs.RunStatus;

/**
 * A comparison as the API and the page show it: its sides, its run's state and, once done, its
 * result.
 *
 * @param result null until the comparison has succeeded
 * @param jfr whether both sides recorded JFR profiles
 */
public record ComparisonView(
    long id,
    String baseline,
    String candidate,
    List<String> baselineJvmArgs,
    List<String> candidateJvmArgs,
    String baselineDirectory,
    String candidateDirectory,
    int jvms,
    boolean resultsMayChange,
    String profile,
    String corpus,
    String machine,
    RunStatus status,
    String progress,
    String error,
    String requestedBy,
    Instant queuedAt,
    Instant finishedAt,
    ComparisonResult result,
    List<String> benchmarks,
    List<String> categories,
    String baselineStoredFields,
    String candidateStoredFields,
    String baselinePostingsFormat,
    String candidatePostingsFormat,
    boolean jfr) {

  /**
   * How the baseline's index is written and read, e.g. "nio directory, compressed stored fields".
   */
  public String baselineSettings() {
    return ComparisonText.settings(
        baselineJvmArgs, baselineDirectory, baselineStoredFields, baselinePostingsFormat);
  }

  /** As {@link #baselineSettings()}, for the candidate. */
  public String candidateSettings() {
    return ComparisonText.settings(
        candidateJvmArgs, candidateDirectory, candidateStoredFields, candidatePostingsFormat);
  }
}
