/**
 * luceneutil-style task files ({@code Category: query # comment}): a Lucene-free parser and writer
 * the backend can reuse, and a seeded generator that derives every nightly query family from an
 * index and its corpus, one small class per family group, keeping what the search compiler runs
 * with hits.
 */
package org.nightbench.benchjobs.tasks;
