/**
 * luceneutil-style task files ({@code Category: query # comment}): a Lucene-free parser and writer
 * the backend and the harness share. The generator that writes them from an index is the harness's
 * ({@code benchjobs.taskgen}).
 */
package org.nightbench.protocol.tasks;
