package org.nightbench.benchjobs.taskgen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Candidates built from single words of the doc-freq bands: term, boolean, multi-term, respell and
 * count families, in luceneutil's syntax.
 */
final class TermFamilies {

  /** Random combinations tried per wanted query before a category gives up. */
  private static final int ATTEMPTS_PER_QUERY = 50;

  private final TermBands bands;
  private final Random random;
  private final int attempts;

  TermFamilies(TermBands bands, Random random, int perCategory) {
    this.bands = bands;
    this.random = random;
    this.attempts = perCategory * ATTEMPTS_PER_QUERY;
  }

  /** Candidates for {@code category}, or null when it is not a term family. */
  List<Candidate> candidates(String category) {
    List<String> h = bands.high;
    List<String> m = bands.med;
    List<String> l = bands.low;
    return switch (category) {
      case "HighTerm" -> singles(h, t -> t);
      case "MedTerm" -> singles(m, t -> t);
      case "LowTerm" -> singles(l, t -> t);
      case "AndHighHigh" -> combos(w -> "+" + w[0] + " +" + w[1], h, h);
      case "AndHighMed" -> combos(w -> "+" + w[0] + " +" + w[1], h, m);
      case "AndHighLow" -> combos(w -> "+" + w[0] + " +" + w[1], h, l);
      case "OrHighHigh" -> combos(w -> w[0] + " " + w[1], h, h);
      case "OrHighMed" -> combos(w -> w[0] + " " + w[1], h, m);
      case "OrHighLow" -> combos(w -> w[0] + " " + w[1], h, l);
      // luceneutil: "OrNotHighMed: -high med", "OrHighNotMed: high -med".
      case "OrNotHighHigh" -> combos(w -> "-" + w[0] + " " + w[1], h, h);
      case "OrNotHighMed" -> combos(w -> "-" + w[0] + " " + w[1], h, m);
      case "OrNotHighLow" -> combos(w -> "-" + w[0] + " " + w[1], h, l);
      case "OrHighNotHigh" -> combos(w -> w[0] + " -" + w[1], h, h);
      case "OrHighNotMed" -> combos(w -> w[0] + " -" + w[1], h, m);
      case "OrHighNotLow" -> combos(w -> w[0] + " -" + w[1], h, l);
      case "AndHighOrMedMed" -> combos(w -> "+" + w[0] + " +(" + w[1] + " " + w[2] + ")", h, m, m);
      case "AndMedOrHighHigh" -> combos(w -> "+" + w[0] + " +(" + w[1] + " " + w[2] + ")", m, h, h);
      case "Prefix3" -> singles(atLeastChars(concat(h, m), 4), t -> t.substring(0, 3) + "*");
      case "Wildcard" ->
          singles(atLeastChars(m, 5), t -> t.substring(0, 2) + "*" + t.charAt(t.length() - 1));
      case "Fuzzy1" -> singles(atLeastChars(concat(m, l), 5), t -> t + "~1");
      case "Fuzzy2" -> singles(atLeastChars(concat(m, l), 6), t -> t + "~2");
      // Real but rare words, which have more popular neighbours to suggest.
      case "Respell" -> singles(atLeastChars(l, 5), t -> t);
      case "CountTerm" -> singles(h, t -> "count(" + t + ")");
      case "CountAndHighHigh" -> combos(w -> "count(+" + w[0] + " +" + w[1] + ")", h, h);
      case "CountAndHighMed" -> combos(w -> "count(+" + w[0] + " +" + w[1] + ")", h, m);
      case "CountOrHighHigh" -> combos(w -> "count(" + w[0] + " " + w[1] + ")", h, h);
      case "CountOrHighMed" -> combos(w -> "count(" + w[0] + " " + w[1] + ")", h, m);
      default -> null;
    };
  }

  /** Every word of {@code band} once, in seeded order. */
  List<Candidate> singles(List<String> band, UnaryOperator<String> toQuery) {
    List<String> shuffled = new ArrayList<>(band);
    Collections.shuffle(shuffled, random);
    List<Candidate> out = new ArrayList<>(shuffled.size());
    for (String t : shuffled) {
      out.add(new Candidate(toQuery.apply(t), bands.freqs(t)));
    }
    return out;
  }

  /** Random distinct words, one from each band in turn. */
  @SafeVarargs
  private List<Candidate> combos(Function<String[], String> toQuery, List<String>... from) {
    List<Candidate> out = new ArrayList<>();
    for (List<String> band : from) {
      if (band.isEmpty()) {
        return out;
      }
    }
    for (int i = 0; i < attempts; i++) {
      String[] words = new String[from.length];
      for (int k = 0; k < from.length; k++) {
        words[k] = from[k].get(random.nextInt(from[k].size()));
      }
      if (List.of(words).stream().distinct().count() == words.length) {
        out.add(new Candidate(toQuery.apply(words), bands.freqs(words)));
      }
    }
    return out;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a.size() + b.size());
    out.addAll(a);
    out.addAll(b);
    return out;
  }

  private static List<String> atLeastChars(List<String> terms, int minLength) {
    return terms.stream().filter(t -> t.length() >= minLength).toList();
  }
}
