/**
 * Which Lucene a benchmark runs against: parsing {@link org.nightbench.lucene.LuceneSpec}s and
 * turning them into jars on disk with {@link org.nightbench.lucene.LuceneResolver}, backed by Maven
 * Resolver.
 */
package org.nightbench.lucene;
