/**
 * The search benchmark: task lines compiled to Lucene calls ({@link
 * org.nightbench.benchjobs.search.TaskCompiler}), checked once for hits and a top-hit hash, then
 * timed in seeded rounds after an adaptive warm-up; per-category QPS, the round curve and a note
 * per task the index cannot serve. Facet tasks, taxonomy and sorted-set, go through {@link
 * org.nightbench.benchjobs.search.FacetSupport}, the compiler's one door to the facet module. Also
 * the bare loop that measures the timing loop itself.
 */
package org.nightbench.benchjobs.search;
