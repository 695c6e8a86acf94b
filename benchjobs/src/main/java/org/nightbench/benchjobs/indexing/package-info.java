/**
 * The indexing benchmark: line-docs corpus into an on-disk index, timed end to end. Documents are
 * added in blocks of {@link org.nightbench.benchjobs.indexing.QueryFields#BLOCK_DOCS} consecutive
 * ids (the last one marked {@code groupend}) for block grouping; {@link
 * org.nightbench.benchjobs.indexing.BenchmarkDocuments} decides every field, with luceneutil's
 * names ({@link org.nightbench.benchjobs.indexing.LegacyFields} the names indexes had before),
 * {@link org.nightbench.benchjobs.indexing.QueryFields} the grouping and 10.x skipper ones; {@link
 * org.nightbench.benchjobs.indexing.FacetFields} the facet dimensions, whose taxonomy ordinals
 * {@link org.nightbench.benchjobs.indexing.TaxonomyIndex} writes beside the index.
 */
package org.nightbench.benchjobs.indexing;
