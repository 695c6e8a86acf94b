package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;

/**
 * Candidates built from real bigrams of the corpus head, banded into high, medium and low by how
 * many documents hold the exact phrase (thirds of the sampled bigrams that occur at all): phrase,
 * sloppy phrase, span-near and ordered-intervals families, as luceneutil's High/Med/Low tasks.
 */
final class PhraseFamilies {

  private static final int SAMPLE_DOCS = 2000;
  private static final int MAX_BIGRAMS = 50_000;

  /** Phrase counts are real searches; this many keep generation to seconds on a big index. */
  private static final int COUNTED_BIGRAMS = 600;

  private final List<Counted> high = new ArrayList<>();
  private final List<Counted> med = new ArrayList<>();
  private final List<Counted> low = new ArrayList<>();
  private final Random random;

  private record Counted(String first, String second, int count) {}

  private PhraseFamilies(Random random) {
    this.random = random;
  }

  static PhraseFamilies load(
      Path corpus,
      Analyzer analyzer,
      IndexSearcher searcher,
      String field,
      TermBands bands,
      Random random)
      throws IOException {
    PhraseFamilies p = new PhraseFamilies(random);
    List<String> bigrams = new ArrayList<>(bigrams(corpus, analyzer, field, bands));
    Collections.shuffle(bigrams, random);
    List<Counted> counted = new ArrayList<>();
    for (String bg : bigrams.subList(0, Math.min(COUNTED_BIGRAMS, bigrams.size()))) {
      String[] w = bg.split(" ");
      int n = searcher.count(new PhraseQuery(field, w[0], w[1]));
      if (n > 0) {
        counted.add(new Counted(w[0], w[1], n));
      }
    }
    // Ties broken by text so the bands do not depend on the shuffle beyond the sample.
    counted.sort(
        Comparator.comparingInt(Counted::count)
            .reversed()
            .thenComparing(Counted::first)
            .thenComparing(Counted::second));
    int third = (counted.size() + 2) / 3;
    for (int i = 0; i < counted.size(); i++) {
      (i < third ? p.high : i < 2 * third ? p.med : p.low).add(counted.get(i));
    }
    return p;
  }

  /** Candidates for {@code category}, or null when it is not a phrase family. */
  List<Candidate> candidates(String category) {
    return switch (category) {
      case "HighPhrase" -> from(high, "\"%s %s\"");
      case "MedPhrase" -> from(med, "\"%s %s\"");
      case "LowPhrase" -> from(low, "\"%s %s\"");
      case "HighSloppyPhrase" -> from(high, "\"%s %s\"~4");
      case "MedSloppyPhrase" -> from(med, "\"%s %s\"~4");
      case "LowSloppyPhrase" -> from(low, "\"%s %s\"~4");
      case "HighSpanNear" -> from(high, "near//%s %s");
      case "MedSpanNear" -> from(med, "near//%s %s");
      case "LowSpanNear" -> from(low, "near//%s %s");
      case "HighIntervalsOrdered" -> from(high, "ordered//%s %s");
      case "MedIntervalsOrdered" -> from(med, "ordered//%s %s");
      case "LowIntervalsOrdered" -> from(low, "ordered//%s %s");
      case "CountPhrase" -> from(high, "count(\"%s %s\")");
      default -> null;
    };
  }

  String describe() {
    return "phrase bands (docs with the exact bigram): high "
        + range(high)
        + ", med "
        + range(med)
        + ", low "
        + range(low);
  }

  private List<Candidate> from(List<Counted> band, String format) {
    List<Counted> shuffled = new ArrayList<>(band);
    Collections.shuffle(shuffled, random);
    List<Candidate> out = new ArrayList<>(shuffled.size());
    for (Counted c : shuffled) {
      out.add(
          new Candidate(
              String.format(java.util.Locale.ROOT, format, c.first(), c.second()),
              "freq=" + c.count()));
    }
    return out;
  }

  private static String range(List<Counted> band) {
    return band.isEmpty() ? "none" : band.get(band.size() - 1).count() + ".." + band.get(0).count();
  }

  /** Adjacent pairs of at least medium-frequency words, the kind of phrase users type. */
  private static Set<String> bigrams(Path corpus, Analyzer analyzer, String field, TermBands bands)
      throws IOException {
    Set<String> out = new LinkedHashSet<>();
    try (LineDocsReader docs = LineDocsReader.open(corpus)) {
      LineDoc d;
      for (int n = 0;
          n < SAMPLE_DOCS && out.size() < MAX_BIGRAMS && (d = docs.next()) != null;
          n++) {
        try (TokenStream ts = analyzer.tokenStream(field, d.body())) {
          CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
          PositionIncrementAttribute posInc = ts.addAttribute(PositionIncrementAttribute.class);
          ts.reset();
          String prev = null;
          while (ts.incrementToken()) {
            String cur = term.toString();
            boolean usable = TermBands.isPlain(cur) && bands.docFreq(cur) >= bands.medMin;
            if (prev != null && usable && posInc.getPositionIncrement() == 1) {
              out.add(prev + " " + cur);
            }
            prev = usable ? cur : null;
          }
          ts.end();
        }
      }
    }
    return out;
  }
}
