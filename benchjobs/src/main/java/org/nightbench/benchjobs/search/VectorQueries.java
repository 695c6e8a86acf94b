package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.nightbench.benchjobs.indexing.DocumentVectors;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.benchjobs.vectors.VectorTaskTexts;

/**
 * luceneutil's {@code vector//} tasks: a KNN search of the {@code vector} field for the vector of
 * the task's text, top N as every task. {@code +preFilter=N%} passes luceneutil's random filter
 * into the graph search (PreFilteredVectorSearch); {@code +filter=N%}, cut out by {@link
 * FilterSupport} as for any task, filters the KNN hits afterwards (PostFilteredVectorSearch), as
 * luceneutil's parser does. The vectors were embedded by the {@code embed} JVM from the same texts
 * (see {@link VectorTaskTexts}); a search JVM started without them, or an index without document
 * vectors, skips these tasks with a note.
 */
public final class VectorQueries {

  /** luceneutil's pre-filter option, leading space included. */
  private static final Pattern PRE_FILTER = Pattern.compile(" \\+preFilter=([0-9.]+)%");

  /**
   * The query vectors of this JVM: one search command per JVM sets them once, before any task is
   * compiled; every compiler of that JVM (search, warm-up checks) reads the same.
   */
  private static volatile QueryVectors vectors = QueryVectors.NONE;

  private VectorQueries() {}

  /** Sets the vectors {@code vector//} tasks are searched with in this JVM. */
  public static void use(QueryVectors queryVectors) {
    vectors = queryVectors;
  }

  /**
   * The query of a {@code vector//} task; {@code text} is the task without its {@code +filter=}
   * option, which the caller applies after.
   */
  static Query compile(String text, IndexReader reader, FilterSupport filters, int topN)
      throws UnsupportedTaskException, IOException {
    FieldInfo field = FieldInfos.getMergedFieldInfos(reader).fieldInfo(DocumentVectors.FIELD);
    if (field == null || field.getVectorDimension() == 0) {
      throw new UnsupportedTaskException(
          "the index has no document vectors (field '" + DocumentVectors.FIELD + "')");
    }
    Matcher m = PRE_FILTER.matcher(text);
    double preFilter = 0;
    if (m.find()) {
      preFilter = percent(m.group(1));
      text = (text.substring(0, m.start()) + text.substring(m.end())).strip();
    }
    String words = VectorTaskTexts.text(text);
    if (words.isEmpty()) {
      throw new IllegalArgumentException("vector// needs words to embed");
    }
    float[] vector =
        vectors
            .of(words)
            .orElseThrow(
                () ->
                    new UnsupportedTaskException(
                        vectors.isEmpty()
                            ? "no query vectors (the embedding step did not run for this search)"
                            : "no query vector for '" + words + "'"));
    if (vector.length != field.getVectorDimension()) {
      throw new UnsupportedTaskException(
          "query vectors have "
              + vector.length
              + " dimensions, the index's "
              + field.getVectorDimension());
    }
    return preFilter > 0
        ? new KnnFloatVectorQuery(DocumentVectors.FIELD, vector, topN, filters.filter(preFilter))
        : new KnnFloatVectorQuery(DocumentVectors.FIELD, vector, topN);
  }

  private static double percent(String s) {
    double p;
    try {
      p = Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a percentage: '" + s + "'");
    }
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException("preFilter percentage must be in (0, 100], got " + p);
    }
    return p;
  }
}
