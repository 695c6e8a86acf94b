package org.nightbench.lucene;

/** A Lucene release or snapshot published to a Maven repository, e.g. {@code maven:9.12.3}. */
public record MavenLuceneSpec(String version) implements LuceneSpec {

    public MavenLuceneSpec {
        // Same rule as parse(), so a spec built in code cannot smuggle in what parse() would reject.
        if (version == null || !VERSION.matcher(version).matches()) {
            throw new LuceneResolutionException("invalid Lucene version '" + version
                    + "'; only letters, digits and . + _ - are allowed");
        }
    }

    @Override
    public String toString() {
        return "maven:" + version;
    }
}
