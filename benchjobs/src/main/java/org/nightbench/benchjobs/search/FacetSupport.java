package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Query;
import org.nightbench.benchjobs.indexing.FacetFields;

/**
 * The sorted-set facet state of an index, built once per reader (it maps every ordinal, far too
 * costly per query). The only class {@link TaskCompiler} reaches the facet module through, so a JVM
 * without that module fails here, where the failure becomes a note.
 */
final class FacetSupport {

  private final SortedSetDocValuesReaderState state;

  private FacetSupport(SortedSetDocValuesReaderState state) {
    this.state = state;
  }

  /**
   * @throws IllegalArgumentException when the index has no sorted-set facet field
   */
  static FacetSupport open(IndexReader reader) throws IOException {
    SortedSetDocValuesReaderState state;
    try {
      state = new DefaultSortedSetDocValuesReaderState(reader, FacetFields.config());
    } catch (NoSuchMethodError e) {
      // Lucene 9 before the config-aware constructor reads flat dimensions the same way.
      state = new DefaultSortedSetDocValuesReaderState(reader);
    }
    return new FacetSupport(state);
  }

  /**
   * @throws UnsupportedTaskException when a dimension has no values in this index
   */
  CompiledTask task(Query query, List<String> dims) throws UnsupportedTaskException {
    for (String dim : dims) {
      if (state.getOrdRange(dim) == null) {
        throw new UnsupportedTaskException("facet dimension '" + dim + "' is not indexed");
      }
    }
    return new FacetTask(query, dims, state);
  }
}
