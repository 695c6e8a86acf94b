package org.nightbench.comparisons;

import org.nightbench.corpus.Corpus;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;

/**
 * What both sides of a comparison share once resolved: profile, JDK and corpus; and each Lucene.
 */
record ComparisonSetup(
    BenchmarkProfile profile,
    ResolvedLucene baseline,
    ResolvedLucene candidate,
    Jdk jdk,
    Corpus corpus) {}
