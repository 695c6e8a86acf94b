package org.nightbench.annotations;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * luceneutil's {@code KNOWN_CHANGES} list ({@code src/python/notation.py}, formerly in {@code
 * nightlyBench.py}) as annotations: the file as it is, or any part of its list, one Python tuple
 * per change, {@code ('2011-06-17', 'short text', 'long text')} (the long text may be left out).
 * Strings may use either quote, triple quotes, backslash escapes and adjacent literals; {@code #}
 * comments, the {@code KNOWN_CHANGES = [} line and the closing bracket are skipped. Only string
 * literals are read, nothing is evaluated.
 *
 * <p>luceneutil draws every known change on every chart: its entries name no chart. So the scope
 * here is told from the entry's words ({@link #benchmarkOf}), and the kind too ({@link #kindOf});
 * what cannot be told stays on every chart, with a note saying so in the long text.
 */
final class KnownChanges {

  /** One tuple: its first line, the date as written, the short and (maybe null) long text. */
  record Entry(int line, String date, String shortText, String longText) {}

  private static final Pattern START =
      Pattern.compile("\\A\\s*(?:#[^\\n]*\\n\\s*)*(KNOWN_CHANGES\\b|\\()");

  private static final Pattern DATE_SPACE_TIME =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}(?::\\d{2})?)");

  private static final Pattern LINK =
      Pattern.compile("<a\\s+href\\s*=\\s*[\"']([^\"']*)[\"'][^>]*>(.*?)</a>", Pattern.DOTALL);
  private static final Pattern PARAGRAPH =
      Pattern.compile("<p>|<br\\s*/?>", Pattern.CASE_INSENSITIVE);
  private static final Pattern TAG = Pattern.compile("<[^>]+>");

  /** Words that put an entry on one Nightbench benchmark's charts, tried in order. */
  private static final List<Rule> BENCHMARKS =
      List.of(
          new Rule(Pattern.compile("CheckIndex"), "checkIndex"),
          new Rule(Pattern.compile("\\bNRT\\b|\\breopen", Pattern.CASE_INSENSITIVE), "nrt"),
          new Rule(
              Pattern.compile("\\b(HNSW\\w*|KNN\\w*|ANN|vectors?)\\b", Pattern.CASE_INSENSITIVE),
              "knn"),
          new Rule(
              Pattern.compile(
                  "indexing (threads|rate|throughput|heap|buffer|metrics)|\\bIndexer heap"
                      + "|RAM buffer|concurrent flushing|concurrent merges",
                  Pattern.CASE_INSENSITIVE),
              "indexing"));

  /** Words of a change to the machine, OS or JVM rather than to Lucene. */
  private static final Pattern ENVIRONMENT =
      Pattern.compile(
          "\\b(java|jdk|openjdk|jvm|kernel|linux|ubuntu|beast\\d?|ssd|ocz|optane|huge pages"
              + "|overclock\\w*|hardware|compressed oops|g1gc|parallelgc)\\b",
          Pattern.CASE_INSENSITIVE);

  /** Words of a change to the benchmark itself. */
  private static final Pattern BENCHMARK =
      Pattern.compile(
          "\\b(luceneutil|benchmarks?|topN|tasks?|time of day)\\b", Pattern.CASE_INSENSITIVE);

  private record Rule(Pattern words, String benchmark) {}

  private KnownChanges() {}

  /**
   * Whether {@code text} is in this form rather than a CSV file: it starts with the list or a
   * tuple.
   */
  static boolean looksLike(String text) {
    return START.matcher(text.startsWith("\uFEFF") ? text.substring(1) : text).find();
  }

  /** The entries of {@code text}, or an {@link IllegalArgumentException} naming a line. */
  static List<Entry> parse(String text) {
    return new Reader(text.startsWith("\uFEFF") ? text.substring(1) : text).entries();
  }

  /**
   * The Nightbench benchmark whose charts an entry's short text names, or null for every chart:
   * always null for a change of the machine, OS or JVM, which moves every chart.
   */
  static String benchmarkOf(Entry entry) {
    if (kindOf(entry).equals("environment")) {
      return null;
    }
    String words = entry.shortText();
    for (Rule rule : BENCHMARKS) {
      if (rule.words().matcher(words).find()) {
        return rule.benchmark();
      }
    }
    return null;
  }

  /** {@code environment}, {@code benchmark} or {@code code}, told from the short text. */
  static String kindOf(Entry entry) {
    String words = entry.shortText();
    if (ENVIRONMENT.matcher(words).find()) {
      return "environment";
    }
    if (BENCHMARK.matcher(words).find()) {
      return "benchmark";
    }
    return "code";
  }

  /** luceneutil's dates, {@code 2020-12-09 10:00:13} or with a trailing space, as ISO. */
  static String isoDate(String date) {
    String stripped = date.strip();
    Matcher m = DATE_SPACE_TIME.matcher(stripped);
    return m.matches() ? m.group(1) + "T" + m.group(2) : stripped;
  }

  /**
   * luceneutil's long texts are HTML for its chart pages: links become {@code text (address)},
   * paragraphs line breaks, other tags go, the few entities become characters.
   */
  static String plainText(String html) {
    if (html == null) {
      return null;
    }
    Matcher link = LINK.matcher(html);
    StringBuilder out = new StringBuilder();
    while (link.find()) {
      String address = link.group(1);
      String label = link.group(2);
      link.appendReplacement(
          out,
          Matcher.quoteReplacement(label.contains(address) ? label : label + " (" + address + ")"));
    }
    link.appendTail(out);
    String text = PARAGRAPH.matcher(out).replaceAll("\n\n");
    text = TAG.matcher(text).replaceAll("");
    text =
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
    // The tuples' indentation and blank lines, not the author's words.
    return text.lines()
        .map(String::strip)
        .reduce((a, b) -> a + "\n" + b)
        .orElse("")
        .strip()
        .replaceAll("\n{3,}", "\n\n");
  }

  /** Reads Python string literals grouped in parentheses; all else outside them is skipped. */
  private static final class Reader {
    private final String text;
    private int pos;
    private int line = 1;

    Reader(String text) {
      this.text = text;
    }

    List<Entry> entries() {
      List<Entry> entries = new ArrayList<>();
      while (skipSpaceAndComments()) {
        char c = text.charAt(pos);
        if (c == '(') {
          entries.add(tuple());
        } else if (c == '\'' || c == '"') {
          throw new IllegalArgumentException(
              "line " + line + ": a string outside a ('date', 'short text', 'long text') tuple");
        } else {
          advance(); // KNOWN_CHANGES = [ ... ] and the commas between tuples
        }
      }
      return entries;
    }

    private Entry tuple() {
      int start = line;
      advance(); // (
      List<String> fields = new ArrayList<>();
      StringBuilder current = null;
      while (true) {
        if (!skipSpaceAndComments()) {
          throw new IllegalArgumentException("line " + start + ": a tuple is never closed");
        }
        char c = text.charAt(pos);
        if (c == '\'' || c == '"') {
          // Adjacent literals are one string, as Python reads them.
          current = current == null ? new StringBuilder() : current;
          current.append(string());
        } else if (c == ',' || c == ')') {
          if (current != null) {
            fields.add(current.toString());
            current = null;
          }
          advance();
          if (c == ')') {
            break;
          }
        } else {
          throw new IllegalArgumentException(
              "line " + line + ": expected a string in the tuple, found '" + c + "'");
        }
      }
      if (fields.size() < 2 || fields.size() > 3) {
        throw new IllegalArgumentException(
            "line "
                + start
                + ": expected ('date', 'short text', 'long text') but found "
                + fields.size()
                + (fields.size() == 1 ? " string" : " strings"));
      }
      return new Entry(
          start, fields.get(0), fields.get(1), fields.size() == 3 ? fields.get(2) : null);
    }

    private String string() {
      int start = line;
      char quote = text.charAt(pos);
      boolean triple = text.startsWith(String.valueOf(quote).repeat(3), pos);
      int skip = triple ? 3 : 1;
      for (int i = 0; i < skip; i++) {
        advance();
      }
      StringBuilder out = new StringBuilder();
      while (true) {
        if (pos >= text.length()) {
          throw new IllegalArgumentException("line " + start + ": a string is never closed");
        }
        char c = text.charAt(pos);
        if (c == '\\' && pos + 1 < text.length()) {
          advance();
          char e = text.charAt(pos);
          advance();
          switch (e) {
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case '\n' -> {} // a continued line
            case '\\', '\'', '"' -> out.append(e);
            default -> out.append('\\').append(e);
          }
          continue;
        }
        if (c == quote && (!triple || text.startsWith(String.valueOf(quote).repeat(3), pos))) {
          for (int i = 0; i < skip; i++) {
            advance();
          }
          return out.toString();
        }
        if (c == '\n' && !triple) {
          throw new IllegalArgumentException("line " + start + ": a string is never closed");
        }
        out.append(c);
        advance();
      }
    }

    /** Skips blanks and {@code #} comments; false at the end of the text. */
    private boolean skipSpaceAndComments() {
      while (pos < text.length()) {
        char c = text.charAt(pos);
        if (c == '#') {
          while (pos < text.length() && text.charAt(pos) != '\n') {
            advance();
          }
        } else if (Character.isWhitespace(c)) {
          advance();
        } else {
          return true;
        }
      }
      return false;
    }

    private void advance() {
      if (text.charAt(pos) == '\n') {
        line++;
      }
      pos++;
    }
  }

  /** The note an imported entry's long text ends with: where it came from and why it is here. */
  static String note(String benchmark, boolean scopedByCaller) {
    String from = "From luceneutil's notation.py, which draws it on every chart; ";
    if (scopedByCaller) {
      return from + "here where the import was told to put it.";
    }
    return benchmark == null
        ? from + "its words name no one Nightbench benchmark, so it is on every chart here too."
        : String.format(
            Locale.ROOT,
            "%shere on the %s benchmark's charts, as its words name it.",
            from,
            benchmark);
  }
}
