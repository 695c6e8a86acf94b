package org.nightbench.lucene;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A Lucene ready to put on a classpath: the jars of lucene-core, lucene-queryparser and their
 * runtime dependencies.
 *
 * @param version the concrete version resolved (for snapshots, the timestamped one)
 * @param revisionDate when the Lucene build was made, from lucene-core's manifest; null when the
 *     manifest lacks it
 */
public record ResolvedLucene(
    LuceneSpec spec, String version, List<Path> jars, Instant revisionDate) {

  public ResolvedLucene {
    jars = List.copyOf(jars);
  }
}
