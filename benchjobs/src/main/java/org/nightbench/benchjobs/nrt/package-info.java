/**
 * Near-real-time reopen under a steady update load, the way Lucene's NRT nightly measures it: how
 * long each SearcherManager refresh takes while documents are replaced and searches run, with and
 * without a large merge in the background.
 */
package org.nightbench.benchjobs.nrt;
