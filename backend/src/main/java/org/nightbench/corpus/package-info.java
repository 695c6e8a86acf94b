/**
 * Which documents a benchmark indexes: {@link org.nightbench.corpus.CorpusProvider} turns a corpus
 * setting into a {@link org.nightbench.corpus.Corpus} file with a checksum, fetching the default
 * europarl corpus from Maven Central.
 */
package org.nightbench.corpus;
