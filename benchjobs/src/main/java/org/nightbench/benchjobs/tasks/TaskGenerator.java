package org.nightbench.benchjobs.tasks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;

/**
 * Derives luceneutil-style tasks from an index's own {@code body} term statistics,
 * deterministically for a given seed and index, keeping only queries with at least one hit.
 */
public final class TaskGenerator {

  /** The field every task queries, as in luceneutil. */
  public static final String FIELD = "body";

  /** Categories in generation order; the order is part of the determinism contract. */
  public static final List<String> CATEGORIES =
      List.of(
          "HighTerm",
          "MedTerm",
          "LowTerm",
          "AndHighHigh",
          "AndHighMed",
          "OrHighHigh",
          "OrHighMed",
          "Phrase",
          "Prefix3",
          "Wildcard",
          "Fuzzy1",
          "Fuzzy2");

  /** Phrases come from the corpus head so they are real bigrams, not random pairs. */
  private static final int PHRASE_SAMPLE_DOCS = 2000;

  private static final int MAX_PHRASE_CANDIDATES = 50_000;
  private static final int PAIR_ATTEMPTS_PER_QUERY = 50;
  private static final int MAX_TERM_LENGTH = 20;

  private final IndexSearcher searcher;
  private final Analyzer analyzer;
  private final QueryParser parser;
  private final Random random;
  private final int perCategory;
  private final int maxDoc;
  private final int highMin;
  private final int medMin;
  private final int lowMin;
  private final List<String> high = new ArrayList<>();
  private final List<String> med = new ArrayList<>();
  private final List<String> low = new ArrayList<>();
  private final Map<String, Integer> docFreq = new HashMap<>();

  /** Tasks plus the header lines describing how they were made. */
  public record Generated(List<String> header, List<Task> tasks, List<String> emptyCategories) {}

  private TaskGenerator(IndexReader reader, Analyzer analyzer, long seed, int perCategory) {
    this.searcher = new IndexSearcher(reader);
    this.searcher.setQueryCache(null);
    this.analyzer = analyzer;
    this.parser = new QueryParser(FIELD, analyzer);
    this.random = new Random(seed);
    this.perCategory = perCategory;
    this.maxDoc = reader.maxDoc();
    // Bands relative to maxDoc so one generator fits corpora from 2k to 30M docs; the max() chain
    // keeps bands disjoint and non-empty-ranged on tiny indexes.
    this.lowMin = Math.max(2, (int) Math.ceil(0.0005 * maxDoc));
    this.medMin = Math.max(lowMin + 1, (int) Math.ceil(0.005 * maxDoc));
    this.highMin = Math.max(medMin + 1, (int) Math.ceil(0.05 * maxDoc));
  }

  /**
   * Generates up to {@code perCategory} tasks per category from {@code reader}; {@code corpus} is
   * the line-docs file the index was built from (its head supplies phrase candidates).
   */
  public static Generated generate(IndexReader reader, Path corpus, long seed, int perCategory)
      throws IOException {
    if (perCategory < 1) {
      throw new IllegalArgumentException("per-category must be >= 1, got " + perCategory);
    }
    try (Analyzer analyzer = new StandardAnalyzer()) {
      TaskGenerator g = new TaskGenerator(reader, analyzer, seed, perCategory);
      g.loadTerms(reader);
      return g.run(corpus, seed);
    }
  }

  private void loadTerms(IndexReader reader) throws IOException {
    Terms terms = MultiTerms.getTerms(reader, FIELD);
    if (terms == null) {
      throw new IllegalArgumentException("index has no indexed field '" + FIELD + "'");
    }
    TermsEnum te = terms.iterator();
    BytesRef br;
    while ((br = te.next()) != null) {
      String t = br.utf8ToString();
      if (!isPlain(t)) {
        continue;
      }
      int df = te.docFreq();
      docFreq.put(t, df);
      if (df >= highMin) {
        high.add(t);
      } else if (df >= medMin) {
        med.add(t);
      } else if (df >= lowMin) {
        low.add(t);
      }
    }
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

  private Generated run(Path corpus, long seed) throws IOException {
    List<Task> tasks = new ArrayList<>();
    List<String> empty = new ArrayList<>();
    for (String category : CATEGORIES) {
      List<Candidate> found = new ArrayList<>();
      Set<String> seen = new LinkedHashSet<>();
      for (Candidate c : candidates(category, corpus)) {
        if (found.size() >= perCategory) {
          break;
        }
        if (seen.add(c.query) && hasHits(c.query)) {
          found.add(c);
        }
      }
      if (found.isEmpty()) {
        empty.add(category);
      }
      for (Candidate c : found) {
        tasks.add(new Task(category, c.query, c.comment, 0));
      }
    }
    List<String> header =
        List.of(
            "Nightbench generated tasks on field '"
                + FIELD
                + "': seed="
                + seed
                + " perCategory="
                + perCategory
                + " maxDoc="
                + maxDoc,
            "doc-freq bands: high >= "
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
                + " low)");
    return new Generated(header, tasks, empty);
  }

  private record Candidate(String query, String comment) {}

  private List<Candidate> candidates(String category, Path corpus) throws IOException {
    return switch (category) {
      case "HighTerm" -> singles(high, t -> t);
      case "MedTerm" -> singles(med, t -> t);
      case "LowTerm" -> singles(low, t -> t);
      case "AndHighHigh" -> pairs(high, high, "+", "+");
      case "AndHighMed" -> pairs(high, med, "+", "+");
      case "OrHighHigh" -> pairs(high, high, "", "");
      case "OrHighMed" -> pairs(high, med, "", "");
      case "Phrase" -> phrases(corpus);
      case "Prefix3" -> singles(filterLength(concat(high, med), 4), t -> t.substring(0, 3) + "*");
      case "Wildcard" ->
          singles(filterLength(med, 5), t -> t.substring(0, 2) + "*" + t.charAt(t.length() - 1));
      case "Fuzzy1" -> singles(filterLength(concat(med, low), 5), t -> t + "~1");
      case "Fuzzy2" -> singles(filterLength(concat(med, low), 6), t -> t + "~2");
      default -> throw new IllegalStateException("unknown category " + category);
    };
  }

  private List<Candidate> singles(
      List<String> band, java.util.function.UnaryOperator<String> toQuery) {
    List<String> shuffled = new ArrayList<>(band);
    Collections.shuffle(shuffled, random);
    List<Candidate> out = new ArrayList<>(shuffled.size());
    for (String t : shuffled) {
      out.add(new Candidate(toQuery.apply(t), freq(t)));
    }
    return out;
  }

  private List<Candidate> pairs(List<String> a, List<String> b, String opA, String opB) {
    List<Candidate> out = new ArrayList<>();
    if (a.isEmpty() || b.isEmpty()) {
      return out;
    }
    for (int i = 0; i < perCategory * PAIR_ATTEMPTS_PER_QUERY; i++) {
      String x = a.get(random.nextInt(a.size()));
      String y = b.get(random.nextInt(b.size()));
      if (!x.equals(y)) {
        out.add(new Candidate(opA + x + " " + opB + y, freq(x) + " " + freq(y)));
      }
    }
    return out;
  }

  private List<Candidate> phrases(Path corpus) throws IOException {
    Set<String> bigrams = new LinkedHashSet<>();
    try (LineDocsReader docs = LineDocsReader.open(corpus)) {
      LineDoc d;
      for (int n = 0;
          n < PHRASE_SAMPLE_DOCS
              && bigrams.size() < MAX_PHRASE_CANDIDATES
              && (d = docs.next()) != null;
          n++) {
        collectBigrams(d.body(), bigrams);
      }
    }
    List<String> shuffled = new ArrayList<>(bigrams);
    Collections.shuffle(shuffled, random);
    List<Candidate> out = new ArrayList<>(shuffled.size());
    for (String bg : shuffled) {
      int sp = bg.indexOf(' ');
      out.add(
          new Candidate(
              "\"" + bg + "\"", freq(bg.substring(0, sp)) + " " + freq(bg.substring(sp + 1))));
    }
    return out;
  }

  /** Keeps adjacent pairs of at least medium-frequency words, the kind of phrase users type. */
  private void collectBigrams(String body, Set<String> out) throws IOException {
    try (TokenStream ts = analyzer.tokenStream(FIELD, body)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute posInc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      String prev = null;
      while (ts.incrementToken()) {
        String cur = term.toString();
        boolean usable = docFreq.getOrDefault(cur, 0) >= medMin;
        if (prev != null && usable && posInc.getPositionIncrement() == 1) {
          out.add(prev + " " + cur);
        }
        prev = usable ? cur : null;
      }
      ts.end();
    }
  }

  private boolean hasHits(String text) throws IOException {
    Query q;
    try {
      q = parser.parse(text);
    } catch (ParseException e) {
      return false;
    }
    return searcher.count(q) > 0;
  }

  private String freq(String term) {
    return "freq=" + docFreq.getOrDefault(term, 0);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a.size() + b.size());
    out.addAll(a);
    out.addAll(b);
    return out;
  }

  private static List<String> filterLength(List<String> terms, int minLength) {
    List<String> out = new ArrayList<>();
    for (String t : terms) {
      if (t.length() >= minLength) {
        out.add(t);
      }
    }
    return out;
  }
}
