package org.nightbench.benchjobs.indexing;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.store.Directory;

/**
 * The taxonomy index written beside a main index, in its {@value #DIR_NAME} subdirectory (as
 * luceneutil's facet benchmark keeps it): it holds the ordinals of the taxonomy facet dimensions.
 * The writer is held as a plain {@link Closeable} so that no facet class loads where the facet
 * module is missing; {@link #open} then returns null and documents carry no taxonomy dimensions.
 */
public final class TaxonomyIndex implements Closeable {

  /** Subdirectory of the main index that holds the taxonomy. */
  public static final String DIR_NAME = "taxonomy";

  private final Directory directory;
  private final Closeable writer;

  private TaxonomyIndex(Directory directory, Closeable writer) {
    this.directory = directory;
    this.writer = writer;
  }

  /** Where the taxonomy of the index in {@code indexDir} lives. */
  public static Path dirOf(Path indexDir) {
    return indexDir.resolve(DIR_NAME);
  }

  /** Where luceneutil keeps the taxonomy: {@code facets} beside the index's {@code index} dir. */
  public static final String LUCENEUTIL_DIR_NAME = "facets";

  /**
   * The taxonomy directory of the index in {@code indexDir}: this harness's {@link #dirOf}, else
   * luceneutil's sibling {@code facets} (so an index luceneutil built counts its taxonomy facets
   * here too); null when neither exists.
   */
  public static Path locate(Path indexDir) {
    Path own = dirOf(indexDir);
    if (Files.isDirectory(own)) {
      return own;
    }
    Path parent = indexDir.toAbsolutePath().getParent();
    Path luceneutil = parent == null ? null : parent.resolve(LUCENEUTIL_DIR_NAME);
    return luceneutil != null && Files.isDirectory(luceneutil) ? luceneutil : null;
  }

  /**
   * A writer on {@code directory} (which this then owns), created afresh or appended to; null, with
   * {@code directory} closed, when the facet module is not on the classpath.
   */
  public static TaxonomyIndex open(Directory directory, boolean create) throws IOException {
    if (!BenchmarkDocuments.hasFacets()) {
      directory.close();
      return null;
    }
    try {
      return new TaxonomyIndex(directory, FacetFields.openTaxonomyWriter(directory, create));
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  /** Commits the ordinals; call before the main index commits, which refers to them. */
  public void commit() throws IOException {
    FacetFields.commitTaxonomy(writer);
  }

  Closeable writer() {
    return writer;
  }

  @Override
  public void close() throws IOException {
    try (directory) {
      writer.close();
    }
  }
}
