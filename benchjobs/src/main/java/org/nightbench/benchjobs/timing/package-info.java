/**
 * Timers a benchmark attaches to Lucene while it measures, shared by every benchmark that writes an
 * index (indexing, KNN): the IndexWriter's own flush and merge times.
 */
package org.nightbench.benchjobs.timing;
