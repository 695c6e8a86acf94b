package org.nightbench.benchjobs;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** Opens an existing benchmark index, turning the usual mistakes into one-line messages. */
final class Indexes {

  private Indexes() {}

  /** A reader together with the directory it must outlive. */
  record Opened(Directory directory, DirectoryReader reader) implements Closeable {
    @Override
    public void close() throws IOException {
      try (directory) {
        reader.close();
      }
    }
  }

  static Opened open(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      throw new IllegalArgumentException("index " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("index " + dir + " is not a directory");
    }
    Directory directory = FSDirectory.open(dir);
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
