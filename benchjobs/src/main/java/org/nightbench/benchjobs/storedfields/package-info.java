/**
 * The stored fields benchmark of Lucene's nightly (luceneutil's StoredFieldsBenchmark): a corpus
 * indexed with stored fields only, in BEST_SPEED or BEST_COMPRESSION, for indexing time, store size
 * and the time to retrieve a document.
 */
package org.nightbench.benchjobs.storedfields;
