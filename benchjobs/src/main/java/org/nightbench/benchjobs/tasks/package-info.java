/**
 * luceneutil-style task files ({@code Category: query # comment}): a Lucene-free parser and writer
 * the backend can reuse, and a seeded generator that derives tasks from an index's own terms.
 */
package org.nightbench.benchjobs.tasks;
