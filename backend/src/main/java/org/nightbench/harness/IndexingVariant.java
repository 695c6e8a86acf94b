package org.nightbench.harness;

import java.util.Set;

/**
 * One way of indexing the corpus, measured in its own JVM and kept as its own series (its name is
 * the series' task), like the nightly's 1 KB, 4 KB and deterministic indexing charts.
 *
 * @param name the series task, e.g. {@code 1kb-docs}
 * @param docChars cut each corpus line's body into documents of about this many characters; 0 keeps
 *     one document per line
 * @param threads indexing threads
 * @param deterministic one thread, serial merges, flush by doc count: the same segments every run
 * @param directory {@code mmap}, {@code nio} or {@code bytebuffers} (on heap; measures only)
 * @param mergePolicy {@code tiered}, {@code log-byte-size}, {@code log-doc} or {@code no-merge}
 * @param ramBufferMb IndexWriter RAM buffer; 0 takes the profile's
 */
public record IndexingVariant(
    String name,
    int docChars,
    int threads,
    boolean deterministic,
    String directory,
    String mergePolicy,
    int ramBufferMb) {

  static final Set<String> DIRECTORIES = Set.of("mmap", "nio", "bytebuffers");
  static final Set<String> MERGE_POLICIES =
      Set.of("tiered", "log-byte-size", "log-doc", "no-merge");

  public IndexingVariant {
    name = ProfileChecks.name("indexing variant", name);
    String what = "indexing variant '" + name + "'";
    ProfileChecks.atLeast(what + " doc-chars", docChars, 0);
    threads = threads == 0 ? 1 : threads;
    ProfileChecks.atLeast(what + " threads", threads, 1);
    if (deterministic && threads != 1) {
      throw new IllegalArgumentException(
          what + " is deterministic and so single-threaded, but threads is " + threads);
    }
    directory = ProfileChecks.oneOf(what + " directory", directory, "mmap", DIRECTORIES);
    mergePolicy =
        ProfileChecks.oneOf(what + " merge-policy", mergePolicy, "tiered", MERGE_POLICIES);
    ProfileChecks.atLeast(what + " ram-buffer-mb", ramBufferMb, 0);
  }

  /**
   * The same documents indexed so that every build has the same segments (one thread, serial
   * merges, flush by doc count): two builds of one Lucene then differ in nothing a query could
   * feel, which a comparison's sides need, as luceneutil's competitors share one index.
   */
  public IndexingVariant repeatable() {
    return new IndexingVariant(name, docChars, 1, true, directory, mergePolicy, ramBufferMb);
  }

  /** The variant of profiles that name none: whole lines, one thread, as the first runs did. */
  static IndexingVariant wholeDocuments() {
    return new IndexingVariant("default", 0, 1, false, null, null, 0);
  }
}
