package org.nightbench.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Configured root directories and the test whether a path a user typed lies under one of them,
 * decided on real paths (normalised, symlinks resolved) so neither {@code ..} nor a link leads out.
 */
final class DirectoryRoots {

  private final List<Path> roots;

  DirectoryRoots(List<Path> roots) {
    this.roots = List.copyOf(roots);
  }

  boolean isEmpty() {
    return roots.isEmpty();
  }

  /**
   * The real path of an existing directory under a root; empty when the path is outside every root,
   * escapes one through a symlink, or does not exist — the caller cannot tell which, so neither can
   * whoever typed the path.
   */
  Optional<Path> directoryUnder(Path path) {
    if (!path.isAbsolute()) {
      return Optional.empty();
    }
    Path real;
    try {
      real = path.normalize().toRealPath();
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    if (!Files.isDirectory(real)) {
      return Optional.empty();
    }
    for (Path root : realRoots()) {
      if (real.startsWith(root)) {
        return Optional.of(real);
      }
    }
    return Optional.empty();
  }

  private List<Path> realRoots() {
    // Resolved on every check: a root created or re-linked after the start counts as it is now.
    List<Path> real = new ArrayList<>();
    for (Path root : roots) {
      try {
        real.add(root.toAbsolutePath().normalize().toRealPath());
      } catch (IOException | SecurityException e) {
        // A root that does not exist allows nothing.
      }
    }
    return real;
  }
}
