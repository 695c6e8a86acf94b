package org.nightbench.lucene;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A Lucene ready to put on a classpath: the jars of lucene-core, lucene-queryparser and their
 * runtime dependencies.
 *
 * @param version the concrete version resolved (for snapshots, the timestamped one; for builds from
 *     git or a directory, the one in the lucene-core jar's name, e.g. {@code 11.0.0-SNAPSHOT})
 * @param revisionDate when the revision was made: the commit date for git specs, else the build
 *     date from lucene-core's manifest; null when unknown
 * @param commit the commit the jars were built from; null unless the spec is a git spec
 * @param manifestSha the git commit lucene-core's manifest says a release was built from (its
 *     {@code Implementation-Version}); null when it names none, and for git and directory specs
 */
public record ResolvedLucene(
    LuceneSpec spec,
    String version,
    List<Path> jars,
    Instant revisionDate,
    Commit commit,
    String manifestSha) {

  public ResolvedLucene {
    jars = List.copyOf(jars);
  }

  /** A Lucene whose manifest's commit is not read (git and directory specs). */
  public ResolvedLucene(
      LuceneSpec spec, String version, List<Path> jars, Instant revisionDate, Commit commit) {
    this(spec, version, jars, revisionDate, commit, null);
  }

  /** A Lucene that was not built from a known commit. */
  public ResolvedLucene(LuceneSpec spec, String version, List<Path> jars, Instant revisionDate) {
    this(spec, version, jars, revisionDate, null);
  }
}
