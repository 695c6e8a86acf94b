/**
 * The search benchmark: task lines compiled to Lucene calls ({@link
 * org.nightbench.benchjobs.search.TaskCompiler}), checked once for hits and a top-hit hash, then
 * timed in seeded rounds after an adaptive warm-up that lasts until the JIT stops compiling and
 * round times settle ({@link org.nightbench.benchjobs.search.WarmupGate}); per-category QPS, how
 * long warm-up took and why it ended, the round curve with the JIT's compilation time per round,
 * and a note per task the index cannot serve. Also the bare loop that measures the timing loop
 * itself.
 */
package org.nightbench.benchjobs.search;
