package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.facet.taxonomy.FacetLabel;
import org.apache.lucene.facet.taxonomy.TaxonomyReader;
import org.apache.lucene.facet.taxonomy.directory.DirectoryTaxonomyReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.nightbench.benchjobs.indexing.FacetFields;
import org.nightbench.benchjobs.indexing.TaxonomyIndex;

/**
 * The facet state of an index: the sorted-set reader state of each SSDV dimension's field (built
 * once per reader, as it maps every ordinal, far too costly per query) and the taxonomy beside the
 * index, opened once and closed with the reader. The only class {@link TaskCompiler} reaches the
 * facet module through, so a JVM without that module fails here, where the failure becomes a note.
 */
final class FacetSupport {

  private final IndexReader reader;
  private final FieldInfos fieldInfos;
  private final FacetsConfig config = FacetFields.config();
  private final Map<String, SortedSetDocValuesReaderState> sortedSetStates = new HashMap<>();
  private TaxonomyReader taxonomy;
  private boolean taxonomyOpened;

  private FacetSupport(IndexReader reader) {
    this.reader = reader;
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
  }

  static FacetSupport open(IndexReader reader) {
    // Touches a facet class now, so a missing module shows up here as a LinkageError.
    FacetFields.config();
    return new FacetSupport(reader);
  }

  /**
   * The dimension's name in the index ({@code Month.taxonomy}) of a facet clause's value:
   * luceneutil's current {@code kind:Dim} ({@code taxonomy:Month}) or its older {@code Dim.kind};
   * anything else is returned as it is, for {@link #task} to refuse with a note.
   */
  static String dimension(String value) {
    int colon = value.indexOf(':');
    if (colon > 0) {
      String kind = value.substring(0, colon);
      if (kind.equals(FacetFields.TAXONOMY) || kind.equals(FacetFields.SORTED_SET)) {
        return FacetFields.dim(value.substring(colon + 1), kind);
      }
    }
    return value;
  }

  /**
   * The task counting the top children of {@code dims}, each luceneutil's {@code Base.taxonomy} or
   * {@code Base.sortedset}, over the hits of {@code query}.
   *
   * @throws UnsupportedTaskException when a dimension is not indexed here, or its kind unknown
   */
  CompiledTask task(Query query, List<String> dims) throws UnsupportedTaskException, IOException {
    List<FacetTask.Request> requests = new ArrayList<>();
    for (String dim : dims) {
      requests.add(request(dim));
    }
    return new FacetTask(query, requests, reader, taxonomy, config);
  }

  private FacetTask.Request request(String dim) throws UnsupportedTaskException, IOException {
    String field = config.getDimConfig(dim).indexFieldName;
    if (dim.endsWith("." + FacetFields.SORTED_SET)) {
      SortedSetDocValuesReaderState state = sortedSetState(dim, field);
      if (!indexed(state, dim)) {
        throw new UnsupportedTaskException("facet dimension '" + dim + "' is not indexed");
      }
      return FacetTask.Request.sortedSet(dim, state);
    }
    if (dim.endsWith("." + FacetFields.TAXONOMY)) {
      TaxonomyReader taxo = taxonomy();
      if (taxo == null) {
        throw new UnsupportedTaskException(
            "facet dimension '" + dim + "': the index has no taxonomy beside it");
      }
      if (!hasDocValues(field) || taxo.getOrdinal(new FacetLabel(dim)) < 0) {
        throw new UnsupportedTaskException("facet dimension '" + dim + "' is not indexed");
      }
      return FacetTask.Request.taxonomy(dim, field);
    }
    throw new UnsupportedTaskException(
        "facets '"
            + dim
            + "': expected taxonomy:Dim or sortedset:Dim (or the older Dim.taxonomy,"
            + " Dim.sortedset)");
  }

  private SortedSetDocValuesReaderState sortedSetState(String dim, String field)
      throws UnsupportedTaskException, IOException {
    SortedSetDocValuesReaderState state = sortedSetStates.get(field);
    if (state != null) {
      return state;
    }
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getDocValuesType() != DocValuesType.SORTED_SET) {
      throw new UnsupportedTaskException("facet dimension '" + dim + "' is not indexed");
    }
    try {
      state = new DefaultSortedSetDocValuesReaderState(reader, field, config);
    } catch (NoSuchMethodError e) {
      // Early 9.x releases have no config-aware constructor; it reads flat dimensions alike.
      state = new DefaultSortedSetDocValuesReaderState(reader, field);
    }
    sortedSetStates.put(field, state);
    return state;
  }

  private static boolean indexed(SortedSetDocValuesReaderState state, String dim) {
    try {
      return state.getOrdRange(dim) != null;
    } catch (UnsupportedOperationException e) {
      // A hierarchical dimension (Date) has a tree instead of one range.
      return state.getDimTree(dim) != null;
    }
  }

  private boolean hasDocValues(String field) {
    FieldInfo info = fieldInfos.fieldInfo(field);
    return info != null && info.getDocValuesType() != DocValuesType.NONE;
  }

  /** The taxonomy beside an on-disk index, closed when the index reader closes; else null. */
  private TaxonomyReader taxonomy() throws IOException {
    if (taxonomyOpened) {
      return taxonomy;
    }
    taxonomyOpened = true;
    if (!(reader instanceof DirectoryReader directoryReader)
        || !(FilterDirectory.unwrap(directoryReader.directory()) instanceof FSDirectory fs)) {
      return null;
    }
    Path dir = TaxonomyIndex.locate(fs.getDirectory());
    if (dir == null) {
      return null;
    }
    Directory directory = FSDirectory.open(dir);
    try {
      if (!DirectoryReader.indexExists(directory)) {
        directory.close();
        return null;
      }
      DirectoryTaxonomyReader taxo = new DirectoryTaxonomyReader(directory);
      // Tasks outlive the compiler: the taxonomy lives exactly as long as the index reader.
      reader
          .getReaderCacheHelper()
          .addClosedListener(
              key -> {
                try (directory) {
                  taxo.close();
                }
              });
      taxonomy = taxo;
      return taxo;
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }
}
