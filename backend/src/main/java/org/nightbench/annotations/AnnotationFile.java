package org.nightbench.annotations;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A "known changes" file, the hand-kept list a project moves in: one annotation per line, {@code
 * date,short text,long text} (the long text may be left out), quoted as RFC 4180 says; an optional
 * header line {@code date,short_text,long_text}; {@code #} comment lines and blank lines are
 * skipped. Reports what is wrong with the number of the line it starts on.
 */
final class AnnotationFile {

  /** One annotation's line, its fields as written (checking them is the service's). */
  record Line(int number, String date, String shortText, String longText) {}

  private static final CSVFormat FORMAT =
      CSVFormat.RFC4180.builder().setIgnoreEmptyLines(true).setCommentMarker('#').get();

  private static final List<String> HEADER = List.of("date", "short_text", "long_text");

  /** Where Commons CSV says a broken record is: "(startline 3)" or "at line: 3". */
  private static final Pattern LINE_IN_ERROR = Pattern.compile("(?:startline|line:) (\\d+)");

  private AnnotationFile() {}

  /** The annotation lines of {@code text}, or an {@link IllegalArgumentException} naming a line. */
  static List<Line> parse(String text) {
    String body = text.startsWith("\uFEFF") ? text.substring(1) : text; // a spreadsheet's BOM
    List<Line> lines = new ArrayList<>();
    try (CSVParser parser = CSVParser.parse(body, FORMAT)) {
      boolean first = true;
      for (CSVRecord record : parser) {
        List<String> fields = record.toList();
        // The parser counts lines up to the record's last one; a quoted field may span several.
        int number = (int) parser.getCurrentLineNumber() - lineBreaks(fields);
        if (fields.stream().allMatch(String::isBlank)) {
          continue; // a line of spaces
        }
        boolean header = first && isHeader(fields);
        first = false;
        if (header) {
          continue;
        }
        int used = fields.size();
        while (used > 3 && fields.get(used - 1).isBlank()) {
          used--; // a spreadsheet's empty trailing columns
        }
        if (used < 2 || used > 3) {
          throw new IllegalArgumentException(
              "line "
                  + number
                  + ": expected date,short text,long text but found "
                  + used
                  + (used == 1 ? " field" : " fields"));
        }
        lines.add(
            new Line(
                number, fields.get(0).strip(), fields.get(1), used == 3 ? fields.get(2) : null));
      }
    } catch (UncheckedIOException | IllegalStateException e) {
      throw new IllegalArgumentException(quotingError(e), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading a String: not expected
    }
    return lines;
  }

  private static boolean isHeader(List<String> fields) {
    List<String> names = fields.stream().map(f -> f.strip().toLowerCase(Locale.ROOT)).toList();
    return names.size() >= 2 && HEADER.subList(0, Math.min(3, names.size())).equals(names);
  }

  /** Line breaks inside the fields: CR LF, LF or CR, each one break, as the parser counts them. */
  private static int lineBreaks(List<String> fields) {
    int breaks = 0;
    for (String field : fields) {
      for (int i = 0; i < field.length(); i++) {
        char c = field.charAt(i);
        if (c == '\n' || (c == '\r' && (i + 1 == field.length() || field.charAt(i + 1) != '\n'))) {
          breaks++;
        }
      }
    }
    return breaks;
  }

  private static String quotingError(RuntimeException e) {
    String message = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
    message = message == null ? "" : message;
    Matcher line = LINE_IN_ERROR.matcher(message);
    String where = line.find() ? "line " + line.group(1) + ": " : "";
    if (message.contains("EOF reached before encapsulated token finished")) {
      return where + "a quoted field is never closed";
    }
    if (message.contains("Invalid character between encapsulated token and delimiter")) {
      return where + "a closing quote must be followed by a comma or the end of the line";
    }
    return where + "bad quoting (" + message + ")";
  }
}
