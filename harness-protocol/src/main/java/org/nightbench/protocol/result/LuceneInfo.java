package org.nightbench.protocol.result;

/**
 * The Lucene a harness JVM loaded.
 *
 * @param version {@code org.apache.lucene.util.Version.LATEST}, e.g. {@code 10.2.2}
 * @param implementationVersion lucene-core's manifest Implementation-Version (carries the git sha
 *     and build date of the release), or null when the jar has none
 */
public record LuceneInfo(String version, String implementationVersion) {}
