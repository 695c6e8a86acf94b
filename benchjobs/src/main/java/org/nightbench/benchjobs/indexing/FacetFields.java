package org.nightbench.benchjobs.indexing;

import java.io.Closeable;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.facet.FacetField;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.facet.taxonomy.TaxonomyWriter;
import org.apache.lucene.facet.taxonomy.directory.DirectoryTaxonomyWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;

/**
 * The facet dimensions of a benchmark document, named as luceneutil's ({@code Date.taxonomy},
 * {@code Month.sortedset}, ...): Date (year / month / day, hierarchical), Month (its English name),
 * DayOfYear (1..366) and RandomLabel ({@link RandomLabels}), each as a taxonomy dimension, whose
 * ordinals live in a taxonomy index beside the main one, and as a sorted-set (SSDV) dimension. Each
 * dimension has its own index field, as in luceneutil, so counting one does not read the others.
 * Touched only when the facet module is on the classpath: without it the index simply has no facet
 * dimensions.
 */
public final class FacetFields {

  public static final String TAXONOMY = "taxonomy";
  public static final String SORTED_SET = "sortedset";

  /** The four dimensions' base names; a dimension is {@code base + "." + kind}. */
  public static final String DATE = "Date";

  public static final String MONTH = "Month";
  public static final String DAY_OF_YEAR = "DayOfYear";
  public static final String RANDOM_LABEL = "RandomLabel";

  public static final List<String> BASES = List.of(DATE, MONTH, DAY_OF_YEAR, RANDOM_LABEL);

  private static final FacetsConfig CONFIG = config(true);

  /**
   * Whether this Lucene takes a hierarchical sorted-set dimension (LUCENE-10250, 9.1 on); earlier
   * releases index Date.sortedset without it, so BrowseDateSSDVFacets is skipped there.
   */
  private static final boolean HIERARCHICAL_SSDV = hierarchicalSortedSetSupported();

  /**
   * The one-label constructor of releases before hierarchical SSDV; null where only the path one
   * exists.
   */
  private static final Constructor<SortedSetDocValuesFacetField> FLAT_SSDV = flatConstructor();

  private FacetFields() {}

  /** The config the index was built with; search must count with the same one. */
  public static FacetsConfig config() {
    return CONFIG;
  }

  /** The name of dimension {@code base} of {@code kind} (taxonomy or sortedset). */
  public static String dim(String base, String kind) {
    return base + "." + kind;
  }

  private static FacetsConfig config(boolean withHierarchicalSsdv) {
    FacetsConfig config = new FacetsConfig();
    for (String base : BASES) {
      for (String kind : List.of(TAXONOMY, SORTED_SET)) {
        String dim = dim(base, kind);
        config.setIndexFieldName(dim, dim);
      }
    }
    config.setHierarchical(dim(DATE, TAXONOMY), true);
    if (withHierarchicalSsdv) {
      config.setHierarchical(dim(DATE, SORTED_SET), true);
    }
    return config;
  }

  /**
   * {@code doc} with the facet dimensions of {@code label} and {@code date} (null for a line
   * without a readable date: RandomLabel only) turned into index fields; the taxonomy dimensions
   * only when {@code taxonomy} is given (its ordinals go there).
   */
  static Document withFacets(Document doc, CorpusDate date, String label, Closeable taxonomy)
      throws IOException {
    doc.add(sortedSet(dim(RANDOM_LABEL, SORTED_SET), label));
    if (taxonomy != null) {
      doc.add(new FacetField(dim(RANDOM_LABEL, TAXONOMY), label));
    }
    if (date != null) {
      addDateDimensions(doc, date, taxonomy != null);
    }
    return taxonomy == null ? CONFIG.build(doc) : CONFIG.build((TaxonomyWriter) taxonomy, doc);
  }

  /** Date, Month and DayOfYear, as sorted-set and, with {@code taxonomy}, taxonomy dimensions. */
  private static void addDateDimensions(Document doc, CorpusDate date, boolean taxonomy) {
    String year = Integer.toString(date.year());
    // luceneutil's Date path: year / Calendar.MONTH (0-based) / day of month.
    String month0 = Integer.toString(date.month() - 1);
    String day = Integer.toString(date.dayOfMonth());
    String dayOfYear = Integer.toString(date.dayOfYear());
    if (HIERARCHICAL_SSDV) {
      doc.add(new SortedSetDocValuesFacetField(dim(DATE, SORTED_SET), year, month0, day));
    }
    doc.add(sortedSet(dim(MONTH, SORTED_SET), date.monthName()));
    doc.add(sortedSet(dim(DAY_OF_YEAR, SORTED_SET), dayOfYear));
    if (taxonomy) {
      doc.add(new FacetField(dim(DATE, TAXONOMY), year, month0, day));
      doc.add(new FacetField(dim(MONTH, TAXONOMY), date.monthName()));
      doc.add(new FacetField(dim(DAY_OF_YEAR, TAXONOMY), dayOfYear));
    }
  }

  /**
   * A flat sorted-set facet field. Before hierarchical SSDV the constructor took one label, not a
   * path: the call compiled against 9.12 does not link there, so that one is looked up.
   */
  private static SortedSetDocValuesFacetField sortedSet(String dim, String label) {
    if (HIERARCHICAL_SSDV) {
      return new SortedSetDocValuesFacetField(dim, label);
    }
    try {
      return FLAT_SSDV.newInstance(dim, label);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a sorted-set facet field for " + dim, e);
    }
  }

  private static Constructor<SortedSetDocValuesFacetField> flatConstructor() {
    try {
      return SortedSetDocValuesFacetField.class.getConstructor(String.class, String.class);
    } catch (NoSuchMethodException e) {
      return null; // a release with the path constructor, used instead
    }
  }

  /** A taxonomy writer on {@code dir}, created afresh or appended to. */
  static Closeable openTaxonomyWriter(Directory dir, boolean create) throws IOException {
    return new DirectoryTaxonomyWriter(
        dir, create ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.APPEND);
  }

  static void commitTaxonomy(Closeable writer) throws IOException {
    ((TaxonomyWriter) writer).commit();
  }

  private static boolean hierarchicalSortedSetSupported() {
    try {
      Document probe = new Document();
      probe.add(new SortedSetDocValuesFacetField(dim(DATE, SORTED_SET), "2000", "0", "1"));
      config(true).build(probe);
      return true;
    } catch (IllegalArgumentException | IOException | LinkageError e) {
      return false;
    }
  }
}
