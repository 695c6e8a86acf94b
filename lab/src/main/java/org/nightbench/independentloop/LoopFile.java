package org.nightbench.independentloop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@link IndependentLoop} JVM wrote: its header ({@code key=value} pairs: Lucene, Java,
 * warm-up) and per task its category, median and fastest latency, hit count and query.
 */
record LoopFile(Map<String, String> header, List<Row> rows) {

  /** One task's line. */
  record Row(String category, double medianNs, long fastestNs, long hits, String query) {}

  static LoopFile read(Path file) throws IOException {
    Map<String, String> header = new LinkedHashMap<>();
    List<Row> rows = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("# ")) {
        // The first comment line holds the header; the second names the columns.
        if (header.isEmpty()) {
          for (String pair : line.substring(2).strip().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
              header.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
          }
        }
        continue;
      }
      String[] f = line.split("\t", 5);
      if (f.length != 5) {
        throw new IllegalArgumentException(file + ": not a loop row: " + line);
      }
      rows.add(
          new Row(
              f[0], Double.parseDouble(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[4]));
    }
    if (!header.containsKey("lucene")) {
      throw new IllegalArgumentException(file + ": no '# lucene=...' header line");
    }
    return new LoopFile(header, rows);
  }

  /**
   * Per category, queries / sum of their median latencies: the harness's {@code qps} reduction, so
   * the two differ only in how they time.
   */
  Map<String, Double> qpsByFamily() {
    Map<String, double[]> sums = new LinkedHashMap<>();
    for (Row r : rows) {
      double[] s = sums.computeIfAbsent(r.category(), k -> new double[2]);
      s[0] += 1;
      s[1] += r.medianNs();
    }
    Map<String, Double> qps = new LinkedHashMap<>();
    sums.forEach((family, s) -> qps.put(family, s[0] / (Math.max(s[1], 1) / 1e9)));
    return qps;
  }

  /** Per category, the hit counts of its queries in file order. */
  Map<String, List<Long>> hitsByFamily() {
    Map<String, List<Long>> hits = new LinkedHashMap<>();
    for (Row r : rows) {
      hits.computeIfAbsent(r.category(), k -> new ArrayList<>()).add(r.hits());
    }
    return hits;
  }
}
