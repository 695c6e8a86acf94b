package org.nightbench.comparisons;

import java.util.List;
import java.util.Locale;

/**
 * A comparison as plain text: what was compared, the mismatches first, then luceneutil's tables.
 */
public final class ComparisonText {

  private ComparisonText() {}

  /**
   * A side's settings after its revision, e.g. " [-Xmx2g], nio directory, postings FST50"; empty
   * when the side runs as the profile and the release ship it.
   */
  static String settings(
      List<String> jvmArgs, String directory, String storedFields, String postingsFormat) {
    StringBuilder text = new StringBuilder();
    if (!jvmArgs.isEmpty()) {
      text.append(' ').append(jvmArgs);
    }
    if (directory != null && !"default".equals(directory)) {
      text.append(", ").append(directory).append(" directory");
    }
    if (storedFields != null) {
      text.append(", stored fields best ").append(storedFields);
    }
    if (postingsFormat != null) {
      text.append(", postings ").append(postingsFormat);
    }
    return text.toString();
  }

  public static String of(ComparisonView comparison) {
    ComparisonResult result = comparison.result();
    StringBuilder text = new StringBuilder();
    text.append("Baseline:  ")
        .append(comparison.baseline())
        .append(" (Lucene ")
        .append(result.baselineVersion())
        .append(")")
        .append(comparison.baselineSettings())
        .append('\n');
    text.append("Candidate: ")
        .append(comparison.candidate())
        .append(" (Lucene ")
        .append(result.candidateVersion())
        .append(")")
        .append(comparison.candidateSettings())
        .append('\n');
    text.append(comparison.jvms())
        .append(" JVMs per side, interleaved, on ")
        .append(comparison.machine())
        .append(", JDK ")
        .append(result.jdk())
        .append("; ")
        .append(String.join(", ", comparison.benchmarks()))
        .append(
            comparison.categories().isEmpty()
                ? ""
                : " (" + String.join(", ", comparison.categories()) + ")")
        .append('\n');
    if (!result.mismatches().isEmpty()) {
      text.append('\n')
          .append(comparison.resultsMayChange() ? "Results changed (as expected): " : "WARNING: ")
          .append(result.mismatches().size())
          .append(" queries answer differently:\n");
      result.mismatches().forEach(line -> text.append("  ").append(line).append('\n'));
    }
    if (!result.recallLosses().isEmpty()) {
      text.append("\nWARNING: the candidate loses KNN recall on ")
          .append(result.recallLosses().size())
          .append(" settings, whatever its speed:\n");
      result.recallLosses().forEach(line -> text.append("  ").append(line).append('\n'));
    }
    for (ComparisonResult.Table table : result.tables()) {
      text.append('\n')
          .append(table.benchmark())
          .append(' ')
          .append(table.metric())
          .append(" (")
          .append(table.unit())
          .append(")\n")
          .append(
              table.commonShift() == null
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "Nearly every task moved the same way (median %+.1f%%): a change every"
                          + " query feels, or one side's JVMs; more JVMs tell them apart.%n",
                      100 * table.commonShift()))
          .append(table.text());
    }
    if (!result.notCompared().isEmpty()) {
      text.append("\nNot judged:\n");
      result.notCompared().forEach(line -> text.append("  ").append(line).append('\n'));
    }
    return text.toString();
  }
}
