package org.nightbench.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The project's root directory and its Markdown files, found from the module a test runs in. */
final class RepositoryFiles {

  private RepositoryFiles() {}

  /** The directory holding the root {@code pom.xml}, {@code README.md} and {@code docs/}. */
  static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("README.md"))
          && Files.isDirectory(d.resolve("docs"))
          && Files.isRegularFile(d.resolve("pom.xml"))) {
        return d;
      }
    }
    throw new IllegalStateException("no project root (README.md, docs/, pom.xml) above " + dir);
  }

  /** {@code README.md} and every {@code .md} file under {@code docs/}, sorted. */
  static List<Path> documentation(Path root) {
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      return Stream.concat(
              Stream.of(root.resolve("README.md")),
              docs.filter(p -> p.toString().endsWith(".md")).sorted())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
