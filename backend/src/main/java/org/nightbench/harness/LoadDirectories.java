package org.nightbench.harness;

import java.util.List;
import java.util.Set;

/**
 * The Directories a profile's load sweep runs on, each in its own JVM and series: {@code
 * load.directories}, read beside the {@code load} section's {@link
 * org.nightbench.protocol.LoadSpec}.
 *
 * @param directories {@code mmap} and/or {@code bytebuffers}; none given: {@code mmap}
 */
public record LoadDirectories(List<String> directories) {

  static final Set<String> DIRECTORIES = Set.of("mmap", "bytebuffers");

  /** A sweep on memory-mapped files only. */
  static final LoadDirectories MMAP = new LoadDirectories(null);

  public LoadDirectories {
    directories =
        directories == null || directories.isEmpty() ? List.of("mmap") : List.copyOf(directories);
    for (String directory : directories) {
      ProfileChecks.oneOf("load directory", directory, null, DIRECTORIES);
    }
  }
}
