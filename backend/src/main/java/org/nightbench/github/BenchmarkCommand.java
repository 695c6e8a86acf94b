package org.nightbench.github;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A {@code /benchmark} command from a pull request comment, as in apache/lucene#16398: {@code
 * /benchmark search [tasks] [--jvms N] [--corpus NAME]}, {@code full}, {@code knn}, {@code nrt} and
 * {@code help}. Only the comment's first line counts; what follows is the commenter's prose.
 *
 * @param kind search, full, knn, nrt or help
 * @param categories the task filter: task categories such as HighTerm; empty for all
 * @param jvms JVMs per side; null for the configured default
 * @param corpus a named corpus; null for the default
 */
record BenchmarkCommand(String kind, List<String> categories, Integer jvms, String corpus) {

  static final String PREFIX = "/benchmark";

  /** The most JVMs a comment may ask for: a pull request must not hold the machine for a day. */
  static final int MAX_JVMS = 20;

  static final String USAGE =
      """
      Usage: `/benchmark <search|full|knn|nrt|help> [tasks] [--jvms N] [--corpus NAME]`
      - `search`: the candidate and the baseline each build an index and are searched, interleaved
      - `full`: indexing too
      - `knn`: vector search; `nrt`: near-real-time reopen
      - `tasks`: task categories separated by commas, e.g. `HighTerm,OrHighHigh` (all when left out)
      - `--jvms N`: JVMs per side, 2 to %d; `--corpus NAME`: a corpus configured by name
      The candidate is this pull request's head, the baseline its merge base with the target branch."""
          .formatted(MAX_JVMS);

  private static final List<String> KINDS = List.of("search", "full", "knn", "nrt", "help");
  private static final Pattern CATEGORY = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");
  private static final Pattern CORPUS = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

  /** Whether a comment body is a command at all (else the webhook ignores it silently). */
  static boolean isCommand(String body) {
    if (body == null) {
      return false;
    }
    String first = firstLine(body);
    return first.equals(PREFIX) || first.startsWith(PREFIX + " ");
  }

  /**
   * Reads the first line of a comment that {@link #isCommand is a command}.
   *
   * @throws IllegalArgumentException with one line naming what is wrong
   */
  static BenchmarkCommand parse(String body) {
    String line = firstLine(body);
    if (line.length() > 300) {
      throw new IllegalArgumentException("the command line is longer than 300 characters");
    }
    List<String> words =
        new ArrayList<>(Arrays.asList(line.substring(PREFIX.length()).strip().split("\\s+")));
    words.removeIf(String::isEmpty);
    if (words.isEmpty()) {
      throw new IllegalArgumentException("say what to benchmark, e.g. `/benchmark search`");
    }
    String kind = words.remove(0).toLowerCase(Locale.ROOT);
    if (!KINDS.contains(kind)) {
      throw new IllegalArgumentException(
          "unknown command `" + shown(kind) + "`: use " + String.join(", ", KINDS));
    }
    List<String> categories = List.of();
    Integer jvms = null;
    String corpus = null;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("--jvms") || word.equals("--corpus")) {
        if (i + 1 == words.size()) {
          throw new IllegalArgumentException("`" + word + "` needs a value");
        }
        String value = words.get(++i);
        if (word.equals("--jvms")) {
          jvms = jvms(value);
        } else if (CORPUS.matcher(value).matches()) {
          corpus = value;
        } else {
          throw new IllegalArgumentException("`" + shown(value) + "` is no corpus name");
        }
      } else if (word.startsWith("--")) {
        throw new IllegalArgumentException("unknown option `" + shown(word) + "`");
      } else if (categories.isEmpty()) {
        categories = categories(word);
      } else {
        throw new IllegalArgumentException(
            "one task filter only, with categories separated by commas: `" + shown(word) + "`");
      }
    }
    if (kind.equals("help") && (!categories.isEmpty() || jvms != null || corpus != null)) {
      throw new IllegalArgumentException("`help` takes nothing more");
    }
    return new BenchmarkCommand(kind, categories, jvms, corpus);
  }

  /** The command as understood, for the reply and the stored row. */
  String describe() {
    StringBuilder text = new StringBuilder(PREFIX).append(' ').append(kind);
    if (!categories.isEmpty()) {
      text.append(' ').append(String.join(",", categories));
    }
    if (jvms != null) {
      text.append(" --jvms ").append(jvms);
    }
    if (corpus != null) {
      text.append(" --corpus ").append(corpus);
    }
    return text.toString();
  }

  private static List<String> categories(String word) {
    List<String> names = new ArrayList<>();
    for (String name : word.split(",", -1)) {
      if (!CATEGORY.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "`" + shown(name) + "` is no task category such as HighTerm");
      }
      names.add(name);
    }
    if (names.size() > 50) {
      throw new IllegalArgumentException("at most 50 task categories");
    }
    return List.copyOf(names);
  }

  private static int jvms(String value) {
    int jvms;
    try {
      jvms = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("`--jvms " + shown(value) + "` is no number");
    }
    if (jvms < 2 || jvms > MAX_JVMS) {
      throw new IllegalArgumentException("`--jvms` must be between 2 and " + MAX_JVMS);
    }
    return jvms;
  }

  private static String firstLine(String body) {
    return body.strip().lines().findFirst().orElse("").strip();
  }

  /** What of a user's word goes back into a reply: short, and no Markdown code fence breaks. */
  private static String shown(String word) {
    String plain = word.replaceAll("[^A-Za-z0-9_.,=-]", "?");
    return plain.length() > 40 ? plain.substring(0, 40) + "…" : plain;
  }
}
