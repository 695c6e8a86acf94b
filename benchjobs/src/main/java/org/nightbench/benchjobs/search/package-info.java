/**
 * The search benchmark: task lines compiled to Lucene calls ({@link
 * org.nightbench.benchjobs.search.TaskCompiler}), checked once for hits and a top-hit hash, then
 * timed in seeded rounds after an adaptive warm-up that lasts until the JIT stops compiling and
 * round times settle (the runner's {@link org.nightbench.benchjobs.runner.WarmupGate});
 * per-category QPS, how long warm-up took and why it ended, the round curve with the JIT's
 * compilation time per round, and a note per task the index cannot serve. Also the bare loop that
 * measures the timing loop itself. Facet tasks, taxonomy and sorted-set, go through {@link
 * org.nightbench.benchjobs.search.FacetSupport}, the compiler's one door to the facet module.
 *
 * <p>luceneutil's nightly operators beyond plain queries live in their own classes: {@link
 * org.nightbench.benchjobs.search.FilterSupport} ({@code +filter=N%}, a seeded random filter over
 * corpus ids), {@link org.nightbench.benchjobs.search.QueryOperators} (minimum-should-match, const,
 * int sets, doc-values ranges), {@link org.nightbench.benchjobs.search.SortSupport} (the sorts, the
 * skipper sorts and {@code +searchAfter=N}, in luceneutil's spellings of both eras) and {@link
 * org.nightbench.benchjobs.search.GroupingTask} (term and block grouping). Where the API differs
 * between 9.x and 10.x (skippers, Weight's entry point, grouping's GroupDocs) they reach it by
 * reflection, so one harness runs on both.
 */
package org.nightbench.benchjobs.search;
