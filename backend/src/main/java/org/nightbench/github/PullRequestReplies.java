package org.nightbench.github;

import java.net.URI;
import org.nightbench.comparisons.ComparisonResult;
import org.nightbench.comparisons.ComparisonText;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.Verdict;

/** The Markdown Nightbench writes on a pull request, and its commit status descriptions. */
final class PullRequestReplies {

  private PullRequestReplies() {}

  static String refused(String login) {
    return "Sorry @"
        + login
        + ", only the repository's owners, members and collaborators (or users configured on"
        + " this Nightbench) may start benchmarks.";
  }

  static String malformed(String login, String problem) {
    return "@"
        + login
        + " I could not read that command: "
        + problem
        + "\n\n"
        + BenchmarkCommand.USAGE;
  }

  static String started(BenchmarkCommand command, String head, String base, URI page) {
    return "Benchmarking `"
        + command.describe()
        + "`: this pull request's head "
        + shortSha(head)
        + " against its merge base "
        + shortSha(base)
        + ". Follow it live: "
        + page
        + "\n\nThis comment is edited with the results when the comparison ends.";
  }

  static String couldNotStart(String command, String problem) {
    return "Could not start `" + command + "`: " + problem;
  }

  static String superseded(String command) {
    return "`" + command + "` was superseded by a newer `/benchmark` command on this pull request.";
  }

  /** The verdict first (hit mismatches before all), then luceneutil's table. */
  static String finished(String command, ComparisonView comparison, URI page) {
    ComparisonResult result = comparison.result();
    StringBuilder text = new StringBuilder("Results of `").append(command).append("`: ");
    text.append(summary(result)).append(" — ").append(page).append("\n\n");
    if (!result.mismatches().isEmpty()) {
      text.append("**")
          .append(result.mismatches().size())
          .append(" queries answer differently on the two sides** (see the table below).\n\n");
    }
    if (!result.recallLosses().isEmpty()) {
      text.append("**The candidate loses KNN recall on ")
          .append(result.recallLosses().size())
          .append(" settings**, whatever its speed (see below).\n\n");
    }
    for (ComparisonResult.Table table : result.tables()) {
      if (table.commonShift() != null) {
        text.append(
            String.format(
                java.util.Locale.ROOT,
                "Nearly every %s %s task moved the same way (median %+.1f%%): a change every"
                    + " query feels, or one side's JVMs; more JVMs tell them apart.%n%n",
                table.benchmark(),
                table.metric(),
                100 * table.commonShift()));
      }
    }
    text.append("```\n").append(fence(ComparisonText.of(comparison))).append("```\n");
    return text.toString();
  }

  static String failed(String command, ComparisonView comparison, String error, URI page, URI log) {
    return "`"
        + command
        + "` "
        + comparison.status().name().toLowerCase(java.util.Locale.ROOT)
        + (error == null ? "" : ": " + error)
        + "\n\nComparison: "
        + page
        + "\nLog: "
        + log;
  }

  /** e.g. "2 faster, 1 slower, 9 no difference", over every table's tasks. */
  static String summary(ComparisonResult result) {
    int faster = 0;
    int slower = 0;
    int same = 0;
    for (ComparisonResult.Table table : result.tables()) {
      for (TaskComparison task : table.tasks()) {
        if (task.verdict() == Verdict.FASTER) {
          faster++;
        } else if (task.verdict() == Verdict.SLOWER) {
          slower++;
        } else {
          same++;
        }
      }
    }
    String text = faster + " faster, " + slower + " slower, " + same + " no difference";
    if (!result.recallLosses().isEmpty()) {
      text = result.recallLosses().size() + " KNN recall losses; " + text;
    }
    return result.mismatches().isEmpty()
        ? text
        : result.mismatches().size() + " hit mismatches; " + text;
  }

  private static String shortSha(String sha) {
    return sha.substring(0, Math.min(10, sha.length()));
  }

  /** A table line holding three backticks would end the code block early. */
  private static String fence(String text) {
    return text.replace("```", "'''");
  }
}
