package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.NIOFSDirectory;

/** The Directory an index is written to; {@code bytebuffers} takes the disk out of the picture. */
public enum DirectoryChoice {
  MMAP,
  NIO,
  BYTEBUFFERS;

  /** The CLI spelling. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses the CLI spelling, with a message listing the valid ones. */
  public static DirectoryChoice parse(String s) {
    for (DirectoryChoice c : values()) {
      if (c.cliName().equals(s)) {
        return c;
      }
    }
    throw Choices.unknown(
        "directory", s, Arrays.stream(values()).map(DirectoryChoice::cliName).toList());
  }

  Directory open(Path dir) throws IOException {
    return switch (this) {
      case MMAP -> new MMapDirectory(dir);
      case NIO -> new NIOFSDirectory(dir);
      case BYTEBUFFERS -> new ByteBuffersDirectory();
    };
  }
}
