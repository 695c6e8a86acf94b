/**
 * Runs: the queue of Lucene revisions to benchmark, the worker that takes them one at a time, the
 * steps of one run, and the run pages and API.
 */
package org.nightbench.runs;
