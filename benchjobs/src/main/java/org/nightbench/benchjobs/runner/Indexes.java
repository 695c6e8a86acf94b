package org.nightbench.benchjobs.runner;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.NIOFSDirectory;

/**
 * Opens an existing benchmark index, turning the usual mistakes (no such directory, no index, no
 * documents) into one-line messages.
 */
public final class Indexes {

  private Indexes() {}

  /** A reader together with the directory it must outlive. */
  public record Opened(Directory directory, DirectoryReader reader) implements Closeable {
    @Override
    public void close() throws IOException {
      try (directory) {
        reader.close();
      }
    }
  }

  public static Opened open(Path dir) throws IOException {
    return open(dir, "default");
  }

  /**
   * Opens an index through the named Directory: {@code default} (FSDirectory's choice for the
   * platform), {@code mmap} or {@code nio}, so two runs can compare how the index is read.
   */
  public static Opened open(Path dir, String directoryName) throws IOException {
    if (!List.of("default", "mmap", "nio").contains(directoryName)) {
      throw new IllegalArgumentException(
          "unknown directory " + directoryName + ": use default, mmap or nio");
    }
    if (!Files.exists(dir)) {
      throw new IllegalArgumentException("index " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("index " + dir + " is not a directory");
    }
    Directory directory =
        switch (directoryName) {
          case "mmap" -> new MMapDirectory(dir);
          case "nio" -> new NIOFSDirectory(dir);
          default -> FSDirectory.open(dir);
        };
    try {
      if (!DirectoryReader.indexExists(directory)) {
        throw new IllegalArgumentException("index " + dir + " contains no Lucene index");
      }
      DirectoryReader reader = DirectoryReader.open(directory);
      if (reader.numDocs() == 0) {
        reader.close();
        throw new IllegalArgumentException("index " + dir + " has no documents");
      }
      return new Opened(directory, reader);
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }
}
