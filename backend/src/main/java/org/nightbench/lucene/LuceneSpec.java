package org.nightbench.lucene;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Which Lucene to benchmark, written as {@code <kind>:<value>}; {@link #toString()} gives the spec
 * string back.
 *
 * <p>{@code maven:<version>} is a published release or snapshot, {@code git:<ref>} a revision of
 * the configured git remote built by the runner, {@code path:<dir>} a directory of jars.
 */
public sealed interface LuceneSpec permits MavenLuceneSpec, GitLuceneSpec, PathLuceneSpec {

  /**
   * No revision needs more: a longer spec is refused before anything parses it, since it is logged,
   * shown on public pages and handed to Maven's version parser and to git.
   */
  int MAX_LENGTH = 200;

  /**
   * Parses {@code maven:9.12.3}, {@code git:main} or {@code path:/abs/dir}; throws {@link
   * LuceneResolutionException} naming the input when it is not valid.
   */
  static LuceneSpec parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new LuceneResolutionException("Lucene spec is empty; expected e.g. maven:9.12.3");
    }
    if (spec.length() > MAX_LENGTH) {
      throw new LuceneResolutionException(
          "Lucene spec is "
              + spec.length()
              + " characters long; at most "
              + MAX_LENGTH
              + " are allowed");
    }
    String trimmed = spec.strip();
    int colon = trimmed.indexOf(':');
    String kind = colon < 0 ? "" : trimmed.substring(0, colon);
    String value = colon < 0 ? "" : trimmed.substring(colon + 1);
    switch (kind) {
      case "maven":
        if (value.isEmpty()) {
          throw new LuceneResolutionException(
              "Lucene spec '" + spec + "' has no version; expected e.g. maven:9.12.3");
        }
        if (!MavenLuceneSpec.VERSION.matcher(value).matches()) {
          throw new LuceneResolutionException(
              "Lucene spec '"
                  + spec
                  + "' has an invalid version; only letters, digits and . + _ - are allowed");
        }
        return new MavenLuceneSpec(value);
      case "git":
        return new GitLuceneSpec(value);
      case "path":
        return pathSpec(spec, value);
      default:
        throw new LuceneResolutionException(
            "Lucene spec '"
                + spec
                + "' has an unknown prefix; expected maven:<version>, git:<ref> or path:<dir>");
    }
  }

  private static PathLuceneSpec pathSpec(String spec, String value) {
    if (value.isEmpty() || value.chars().anyMatch(Character::isISOControl)) {
      throw new LuceneResolutionException(
          "Lucene spec '" + spec + "' needs an absolute directory, e.g. path:/home/me/lucene-jars");
    }
    try {
      return new PathLuceneSpec(Path.of(value));
    } catch (InvalidPathException e) {
      throw new LuceneResolutionException(
          "Lucene spec '" + spec + "' is not a valid path: " + e.getReason(), e);
    }
  }
}
