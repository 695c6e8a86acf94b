package org.nightbench.lucene;

import java.util.regex.Pattern;

/** A Lucene release or snapshot published to a Maven repository, e.g. {@code maven:9.12.3}. */
public record MavenLuceneSpec(String version) implements LuceneSpec {

  /**
   * Characters Maven versions of Lucene (releases and snapshots) are made of; anything else is a
   * typo or worse.
   */
  static final Pattern VERSION = Pattern.compile("[0-9A-Za-z.+_-]+");

  public MavenLuceneSpec {
    // Same rule as parse(), so a spec built in code cannot smuggle in what parse() would reject.
    if (version == null || !VERSION.matcher(version).matches()) {
      throw new LuceneResolutionException(
          "invalid Lucene version '" + version + "'; only letters, digits and . + _ - are allowed");
    }
    // Maven's meta-versions LATEST and RELEASE (and anything else not a version number) mean
    // another release each time they are resolved: a run of one would not be reproducible.
    if (!Character.isDigit(version.charAt(0))) {
      throw new LuceneResolutionException(
          "Lucene spec 'maven:"
              + version
              + "' is not a version number (LATEST and RELEASE change with each release); name"
              + " one, e.g. maven:9.12.3");
    }
  }

  @Override
  public String toString() {
    return "maven:" + version;
  }
}
