package org.nightbench.lucene;

/**
 * Which Lucene to benchmark, written as {@code <kind>:<value>}; {@link #toString()} gives the spec
 * string back.
 *
 * <p>Only {@code maven:<version>} exists today. {@code git:<ref>} and {@code path:<dir>} are
 * reserved: they are recognised so users get a clear "not supported yet" instead of "unknown", and
 * will join the permits list.
 */
public sealed interface LuceneSpec permits MavenLuceneSpec {

  /**
   * Parses {@code maven:9.12.3}; throws {@link LuceneResolutionException} naming the input when it
   * is not valid.
   */
  static LuceneSpec parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new LuceneResolutionException("Lucene spec is empty; expected e.g. maven:9.12.3");
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
      case "path":
        throw new LuceneResolutionException(
            kind + ": specs are not supported yet (in '" + spec + "'); use maven:<version>");
      default:
        throw new LuceneResolutionException(
            "Lucene spec '"
                + spec
                + "' has an unknown prefix; expected maven:<version>, e.g. maven:9.12.3");
    }
  }
}
