/**
 * luceneutil-style task files ({@code Category: query # comment}): a Lucene-free parser and writer
 * the backend can reuse. The generator that writes them from an index lives in {@code taskgen}.
 */
package org.nightbench.benchjobs.tasks;
