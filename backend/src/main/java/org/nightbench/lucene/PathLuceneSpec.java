package org.nightbench.lucene;

import java.nio.file.Path;

/**
 * A directory of Lucene jars built by hand, e.g. {@code path:/home/me/lucene-jars}; every jar
 * directly in it goes on the classpath.
 */
public record PathLuceneSpec(Path directory) implements LuceneSpec {

  public PathLuceneSpec {
    // The worker's working directory is nobody's business: a relative path would mean different
    // jars depending on where the application was started.
    if (directory == null || !directory.isAbsolute()) {
      throw new LuceneResolutionException(
          "Lucene spec 'path:"
              + (directory == null ? "" : directory)
              + "' needs an absolute directory, e.g. path:/home/me/lucene-jars");
    }
  }

  @Override
  public String toString() {
    return "path:" + directory;
  }
}
