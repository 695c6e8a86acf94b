package org.nightbench.web;

import java.nio.charset.StandardCharsets;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A table as RFC 4180 CSV, the download every page table and chart offers next to its JSON: a
 * header line, then one line per row; empty fields for nulls.
 */
public final class Csv {

  /** What a CSV download is sent as. */
  public static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

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

  /** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
  public static String field(String value) {
    if (value == null) {
      return "";
    }
    if (value.indexOf(',') < 0
        && value.indexOf('"') < 0
        && value.indexOf('\n') < 0
        && value.indexOf('\r') < 0) {
      return value;
    }
    return '"' + value.replace("\"", "\"\"") + '"';
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
