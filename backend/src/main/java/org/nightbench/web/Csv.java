package org.nightbench.web;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A table as RFC 4180 CSV, the download every page table and chart offers next to its JSON: a
 * header line, then one line per row; empty fields for nulls. Cells a spreadsheet would take for a
 * formula are neutralised as OWASP recommends against CSV injection.
 */
public final class Csv {

  /** What a CSV download is sent as. */
  public static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

  // What spreadsheets start a formula with (OWASP's list): =, +, -, @, tab and carriage return; and
  // a semicolon, which a spreadsheet set to semicolon-separated files reads as the start of a new
  // cell, so ";=1+1" is an empty cell and a formula.
  private static final String FORMULA_STARTS = ";=+-@\t\r";

  // A plain number, such as -0.073 or 1.5E-4, is no formula: it stays a number.
  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  private final StringBuilder text = new StringBuilder();

  public Csv(String... header) {
    row((Object[]) header);
  }

  /** One line; numbers, dates and the like as their {@code toString()}. */
  public Csv row(Object... fields) {
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        text.append(',');
      }
      text.append(field(fields[i] == null ? null : fields[i].toString()));
    }
    text.append('\n');
    return this;
  }

  /**
   * RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes, and one
   * holding a semicolon too, so a spreadsheet that splits on semicolons keeps it one cell; first, a
   * field a spreadsheet would run as a formula ({@code =HYPERLINK(...)}) gets a leading single
   * quote, which makes it text.
   */
  public static String field(String value) {
    if (value == null) {
      return "";
    }
    value = neutralised(value);
    if (value.indexOf(',') < 0
        && value.indexOf(';') < 0
        && value.indexOf('"') < 0
        && value.indexOf('\n') < 0
        && value.indexOf('\r') < 0) {
      return value;
    }
    return '"' + value.replace("\"", "\"\"") + '"';
  }

  /** {@code value} with a single quote before it if it would start a formula, else as it is. */
  static String neutralised(String value) {
    if (!value.isEmpty()
        && FORMULA_STARTS.indexOf(value.charAt(0)) >= 0
        && !NUMBER.matcher(value).matches()) {
      return "'" + value;
    }
    return value;
  }

  /** The table as a file download named {@code filename}. */
  public ResponseEntity<String> download(String filename) {
    return ResponseEntity.ok()
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment().filename(filename).build().toString())
        .contentType(TEXT_CSV)
        .body(text.toString());
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
