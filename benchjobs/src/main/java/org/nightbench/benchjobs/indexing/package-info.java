/**
 * The indexing benchmark: line-docs corpus into an on-disk index, timed end to end. {@link
 * org.nightbench.benchjobs.indexing.BenchmarkDocuments} decides every field a document has (with
 * luceneutil's names), {@link org.nightbench.benchjobs.indexing.FacetFields} its facet dimensions,
 * whose taxonomy ordinals {@link org.nightbench.benchjobs.indexing.TaxonomyIndex} writes beside the
 * index.
 */
package org.nightbench.benchjobs.indexing;
