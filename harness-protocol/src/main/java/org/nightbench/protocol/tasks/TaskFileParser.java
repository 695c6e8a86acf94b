package org.nightbench.protocol.tasks;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses luceneutil task files as they are ({@code Category: query text # freq=123}, blank and
 * {@code #} lines ignored); a bad line raises an {@link IllegalArgumentException} whose one-line
 * message names the file and line number.
 */
public final class TaskFileParser {

  /** Categories become metric task names and URL path segments, hence the narrow alphabet. */
  static final Pattern CATEGORY = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\-]*");

  private static final int MAX_QUOTED = 80;

  private TaskFileParser() {}

  /** Reads every task of {@code file} in file order; an empty list when it holds only comments. */
  public static List<Task> parse(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new IllegalArgumentException("tasks " + file + " does not exist");
    }
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("tasks " + file + " is not a regular file");
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (MalformedInputException e) {
      throw new IllegalArgumentException("tasks " + file + " is not UTF-8 text", e);
    }
    return parse(lines, file.toString());
  }

  /** Parses {@code lines}; {@code source} names them in error messages. */
  public static List<Task> parse(List<String> lines, String source) {
    List<Task> tasks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Task t = parseLine(lines.get(i), i + 1, source);
      if (t != null) {
        tasks.add(t);
      }
    }
    return tasks;
  }

  /** Parses one line; null for blank and comment lines. */
  public static Task parseLine(String line, int lineNumber, String source) {
    String s = line.strip();
    if (!s.isEmpty() && s.charAt(0) == '\uFEFF') {
      s = s.substring(1).strip();
    }
    if (s.isEmpty() || s.startsWith("#")) {
      return null;
    }
    String where = source + " line " + lineNumber + ": ";
    int colon = s.indexOf(':');
    if (colon <= 0) {
      throw new IllegalArgumentException(
          where + "expected 'Category: query', got '" + quote(s) + "'");
    }
    String category = s.substring(0, colon).strip();
    if (!CATEGORY.matcher(category).matches()) {
      throw new IllegalArgumentException(
          where
              + "illegal category '"
              + quote(category)
              + "' (letters, digits, '_', '.', '-'; starting with a letter)");
    }
    String rest = s.substring(colon + 1);
    int hash = commentStart(rest);
    String query = (hash < 0 ? rest : rest.substring(0, hash)).strip();
    String comment = hash < 0 ? null : rest.substring(hash + 1).strip();
    if (query.isEmpty()) {
      throw new IllegalArgumentException(where + "empty query for category '" + category + "'");
    }
    return new Task(category, query, comment, lineNumber);
  }

  /**
   * A '#' opens a comment only at the start or after whitespace, so queries like {@code c#}
   * survive.
   */
  static int commentStart(String rest) {
    for (int i = 0; i < rest.length(); i++) {
      if (rest.charAt(i) == '#' && (i == 0 || Character.isWhitespace(rest.charAt(i - 1)))) {
        return i;
      }
    }
    return -1;
  }

  private static String quote(String s) {
    return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "...";
  }
}
