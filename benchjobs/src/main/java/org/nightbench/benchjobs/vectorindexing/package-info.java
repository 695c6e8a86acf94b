/**
 * Indexing throughput with a vector field: the corpus's documents with their embedded vectors,
 * written once per vector format (float32 HNSW, int8 scalar-quantized HNSW).
 */
package org.nightbench.benchjobs.vectorindexing;
