package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

/**
 * The plain words of a field split into high, medium and low document-frequency bands relative to
 * the index size, so one generator fits corpora from 2k to 30M documents.
 */
final class TermBands {

  private static final int MAX_TERM_LENGTH = 20;

  final int maxDoc;
  final int highMin;
  final int medMin;
  final int lowMin;
  final List<String> high = new ArrayList<>();
  final List<String> med = new ArrayList<>();
  final List<String> low = new ArrayList<>();
  private final Map<String, Integer> docFreq = new HashMap<>();

  private TermBands(int maxDoc) {
    this.maxDoc = maxDoc;
    // The max() chain keeps bands disjoint and non-empty-ranged on tiny indexes.
    this.lowMin = Math.max(2, (int) Math.ceil(0.0005 * maxDoc));
    this.medMin = Math.max(lowMin + 1, (int) Math.ceil(0.005 * maxDoc));
    this.highMin = Math.max(medMin + 1, (int) Math.ceil(0.05 * maxDoc));
  }

  static TermBands load(IndexReader reader, String field) throws IOException {
    Terms terms = MultiTerms.getTerms(reader, field);
    if (terms == null) {
      throw new IllegalArgumentException("index has no indexed field '" + field + "'");
    }
    TermBands b = new TermBands(reader.maxDoc());
    TermsEnum te = terms.iterator();
    BytesRef br;
    while ((br = te.next()) != null) {
      String t = br.utf8ToString();
      if (!isPlain(t)) {
        continue;
      }
      int df = te.docFreq();
      b.docFreq.put(t, df);
      if (df >= b.highMin) {
        b.high.add(t);
      } else if (df >= b.medMin) {
        b.med.add(t);
      } else if (df >= b.lowMin) {
        b.low.add(t);
      }
    }
    return b;
  }

  /** ASCII letters only, so every generated query survives the classic query parser unescaped. */
  static boolean isPlain(String t) {
    if (t.length() < 3 || t.length() > MAX_TERM_LENGTH) {
      return false;
    }
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return true;
  }

  int docFreq(String term) {
    return docFreq.getOrDefault(term, 0);
  }

  /** luceneutil's task comment for some words, e.g. {@code freq=123 freq=45}. */
  String freqs(String... words) {
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      sb.append(sb.length() == 0 ? "" : " ").append("freq=").append(docFreq(w));
    }
    return sb.toString();
  }

  String describe() {
    return "doc-freq bands: high >= "
        + highMin
        + ", med "
        + medMin
        + ".."
        + (highMin - 1)
        + ", low "
        + lowMin
        + ".."
        + (medMin - 1)
        + " (terms: "
        + high.size()
        + " high, "
        + med.size()
        + " med, "
        + low.size()
        + " low)";
  }
}
