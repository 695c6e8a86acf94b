package org.nightbench.lucene;

import java.nio.file.Path;
import java.util.List;

/**
 * Checks a Lucene spec before any work is queued for it: at most {@value LuceneSpec#MAX_LENGTH}
 * characters, its kind's grammar, and for {@code path:} a directory under a configured jar root
 * ({@code nightbench.lucene.jar-roots}). The worker checks again when it resolves the spec, so a
 * row stored before these rules existed cannot get round them.
 */
public final class LuceneSpecCheck {

  private final DirectoryRoots jarRoots;

  public LuceneSpecCheck(List<Path> jarRoots) {
    this.jarRoots = new DirectoryRoots(jarRoots);
  }

  /** Parses and checks a spec; a {@link LuceneResolutionException} with one line if it is bad. */
  public LuceneSpec check(String spec) {
    LuceneSpec parsed = LuceneSpec.parse(spec);
    if (parsed instanceof PathLuceneSpec path) {
      allowedDirectory(path);
    }
    return parsed;
  }

  /**
   * The real directory of a {@code path:} spec; the same refusal whether the directory is missing,
   * outside the roots or a link out of them, so a refusal tells nothing about the server's files.
   */
  Path allowedDirectory(PathLuceneSpec spec) {
    return jarRoots
        .directoryUnder(spec.directory())
        .orElseThrow(
            () ->
                new LuceneResolutionException(
                    "Lucene spec '"
                        + spec
                        + "' is not a directory under a configured jar root"
                        + " (nightbench.lucene.jar-roots)"));
  }
}
