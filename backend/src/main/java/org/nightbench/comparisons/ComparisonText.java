package org.nightbench.comparisons;

/**
 * A comparison as plain text: what was compared, the mismatches first, then luceneutil's tables.
 */
final class ComparisonText {

  private ComparisonText() {}

  private static String directory(String name) {
    return "default".equals(name) ? "" : ", " + name + " directory";
  }

  static String of(ComparisonView comparison) {
    ComparisonResult result = comparison.result();
    StringBuilder text = new StringBuilder();
    text.append("Baseline:  ")
        .append(comparison.baseline())
        .append(" (Lucene ")
        .append(result.baselineVersion())
        .append(")")
        .append(comparison.baselineJvmArgs().isEmpty() ? "" : " " + comparison.baselineJvmArgs())
        .append(directory(comparison.baselineDirectory()))
        .append('\n');
    text.append("Candidate: ")
        .append(comparison.candidate())
        .append(" (Lucene ")
        .append(result.candidateVersion())
        .append(")")
        .append(comparison.candidateJvmArgs().isEmpty() ? "" : " " + comparison.candidateJvmArgs())
        .append(directory(comparison.candidateDirectory()))
        .append('\n');
    text.append(comparison.jvms())
        .append(" JVMs per side, interleaved, on ")
        .append(comparison.machine())
        .append(", JDK ")
        .append(result.jdk())
        .append('\n');
    if (!result.mismatches().isEmpty()) {
      text.append('\n')
          .append(comparison.resultsMayChange() ? "Results changed (as expected): " : "WARNING: ")
          .append(result.mismatches().size())
          .append(" queries answer differently:\n");
      result.mismatches().forEach(line -> text.append("  ").append(line).append('\n'));
    }
    for (ComparisonResult.Table table : result.tables()) {
      text.append('\n')
          .append(table.benchmark())
          .append(' ')
          .append(table.metric())
          .append(" (")
          .append(table.unit())
          .append(")\n")
          .append(table.text());
    }
    return text.toString();
  }
}
