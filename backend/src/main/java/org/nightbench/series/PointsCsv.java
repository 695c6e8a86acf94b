package org.nightbench.series;

import java.time.Instant;

/** A series' points as CSV: a header line, then one line per point in x order. */
final class PointsCsv {

  private PointsCsv() {}

  static String of(SeriesPoints points) {
    StringBuilder csv = new StringBuilder(64 + points.points().size() * 80);
    csv.append("date,x,value,stddev,run_id,lucene_spec,lucene_version\n");
    for (Point point : points.points()) {
      csv.append(Instant.ofEpochMilli(point.x()))
          .append(',')
          .append(point.x())
          .append(',')
          .append(point.value())
          .append(',')
          .append(point.stddev() == null ? "" : point.stddev())
          .append(',')
          .append(point.runId())
          .append(',')
          .append(field(point.luceneSpec()))
          .append(',')
          .append(field(point.luceneVersion()))
          .append('\n');
    }
    return csv.toString();
  }

  /** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
  static String field(String value) {
    if (value == null) {
      return "";
    }
    if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0) {
      return value;
    }
    return '"' + value.replace("\"", "\"\"") + '"';
  }
}
