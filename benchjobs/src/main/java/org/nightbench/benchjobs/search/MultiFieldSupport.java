package org.nightbench.benchjobs.search;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.sandbox.search.CombinedFieldQuery;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * luceneutil's {@code +dismaxFields=f1,f2} (the query parsed on each field, the best field's score
 * counts: {@code DisjunctionMaxQuery} with tie-breaker 0) and {@code +combinedFields=f1^w,f2}
 * (BM25F over the fields, each word a {@code CombinedFieldQuery}, kept as required or optional as
 * written). The sandbox's {@code CombinedFieldQuery} is used: the same on 9.x and 10.x.
 */
final class MultiFieldSupport {

  private static final Pattern COMBINED =
      Pattern.compile(
          " \\+combinedFields=((\\p{Alnum}+(\\^\\d+(\\.\\d+)?)?,)+\\p{Alnum}+(\\^\\d+(\\.\\d+)?)?)");
  private static final String DISMAX = "+dismaxFields=";

  /** A field and its weight (1 for dismax fields). */
  record Weighted(String field, float weight) {}

  /** Task text with the option cut out, which option it was and its fields. */
  record Cut(String text, boolean dismax, List<Weighted> fields) {
    boolean present() {
      return !fields.isEmpty();
    }
  }

  private final FieldInfos fieldInfos;
  private final Analyzer analyzer;

  MultiFieldSupport(IndexReader reader, Analyzer analyzer) {
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
    this.analyzer = analyzer;
  }

  static Cut cut(String text) {
    Matcher m = COMBINED.matcher(text);
    if (m.find()) {
      List<Weighted> fields = new ArrayList<>();
      for (String f : m.group(1).split(",")) {
        int caret = f.indexOf('^');
        fields.add(
            caret < 0
                ? new Weighted(f, 1f)
                : new Weighted(f.substring(0, caret), Float.parseFloat(f.substring(caret + 1))));
      }
      return new Cut(
          (text.substring(0, m.start()) + text.substring(m.end())).strip(), false, fields);
    }
    if (text.contains("+combinedFields=")) {
      throw new IllegalArgumentException("expected ' +combinedFields=field^weight,field'");
    }
    int i = text.indexOf(DISMAX);
    if (i >= 0) {
      // The field list ends at a space or at the ')' closing count(...).
      int end = i + DISMAX.length();
      while (end < text.length() && text.charAt(end) != ' ' && text.charAt(end) != ')') {
        end++;
      }
      List<Weighted> fields = new ArrayList<>();
      for (String f : text.substring(i + DISMAX.length(), end).split(",")) {
        if (!f.matches("\\p{Alnum}+")) {
          throw new IllegalArgumentException("not a field name in +dismaxFields=: '" + f + "'");
        }
        fields.add(new Weighted(f, 1f));
      }
      return new Cut((text.substring(0, i) + text.substring(end)).strip(), true, fields);
    }
    return new Cut(text, false, List.of());
  }

  Query query(Cut cut) throws UnsupportedTaskException {
    for (Weighted w : cut.fields()) {
      if (fieldInfos.fieldInfo(w.field()) == null) {
        throw new UnsupportedTaskException("index has no field '" + w.field() + "'");
      }
    }
    return cut.dismax() ? dismax(cut) : combined(cut);
  }

  private Query dismax(Cut cut) {
    List<Query> perField = new ArrayList<>();
    for (Weighted w : cut.fields()) {
      perField.add(parse(w.field(), cut.text()));
    }
    return new DisjunctionMaxQuery(perField, 0f);
  }

  /**
   * Words of the text, {@code +word} required, as luceneutil's combined-fields tasks write them.
   */
  private Query combined(Cut cut) {
    if (cut.text().contains("\"")) {
      throw new IllegalArgumentException("+combinedFields= takes single words, not phrases");
    }
    String[] words = cut.text().split("\\s+");
    if (words.length == 1) {
      return combinedTerm(cut, words[0]);
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (String word : words) {
      boolean required = word.startsWith("+");
      b.add(
          combinedTerm(cut, required ? word.substring(1) : word),
          required ? Occur.MUST : Occur.SHOULD);
    }
    return b.build();
  }

  private Query combinedTerm(Cut cut, String word) {
    Query q = parse(cut.fields().get(0).field(), word);
    if (!(q instanceof TermQuery tq)) {
      throw new IllegalArgumentException("+combinedFields= takes single words, not '" + word + "'");
    }
    CombinedFieldQuery.Builder b = new CombinedFieldQuery.Builder();
    for (Weighted w : cut.fields()) {
      b.addField(w.field(), w.weight());
    }
    return b.addTerm(tq.getTerm().bytes()).build();
  }

  private Query parse(String field, String text) {
    try {
      return new QueryParser(field, analyzer).parse(text);
    } catch (ParseException | RuntimeException e) {
      String msg = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
      throw new IllegalArgumentException("cannot parse '" + text + "': " + msg, e);
    }
  }
}
