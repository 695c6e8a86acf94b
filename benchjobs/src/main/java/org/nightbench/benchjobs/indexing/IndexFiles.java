package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.store.Directory;

/**
 * Recognises the files Lucene writes into an index directory by name, so that a stale index can be
 * removed without touching anything else a user keeps there.
 */
final class IndexFiles {

  // Commit points, the lock, and per-segment files (_0.si, _0_Lucene99_0.doc, _1_2.liv, *.tmp).
  private static final Pattern LUCENE_FILE =
      Pattern.compile(
          "segments(_[0-9a-z]+|\\.gen)?|pending_segments_[0-9a-z]+|write\\.lock|_[0-9a-z]+(_.*)?\\..+");

  private IndexFiles() {}

  static boolean isLuceneFile(String name) {
    return LUCENE_FILE.matcher(name).matches();
  }

  /**
   * Deletes the Lucene files directly in {@code dir}; returns how many. An old index left there
   * would otherwise shift the new segments' names and share the disk with the run.
   */
  static int deleteStale(Path dir) throws IOException {
    int deleted = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(p) && isLuceneFile(p.getFileName().toString())) {
          Files.delete(p);
          deleted++;
        }
      }
    }
    return deleted;
  }

  /** Bytes of the Lucene files in {@code directory}, on disk or on heap alike. */
  static long sizeInBytes(Directory directory) throws IOException {
    long total = 0;
    for (String name : directory.listAll()) {
      if (isLuceneFile(name)) {
        total += directory.fileLength(name);
      }
    }
    return total;
  }
}
