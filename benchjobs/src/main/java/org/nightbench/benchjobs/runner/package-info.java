/**
 * The one runner shape every step of the harness goes through: a {@link
 * org.nightbench.benchjobs.runner.Benchmark} reads its spec record, measures once and reports; the
 * {@link org.nightbench.benchjobs.runner.BenchmarkRunner} finds its class from the benchmark's
 * definition, brackets the measurement with the JVM's GC and JIT bookkeeping and writes the result
 * file.
 *
 * <p>A benchmark that measures in repeated rounds runs them through {@link
 * org.nightbench.benchjobs.runner.RoundRunner}: one loop for warm-up and measured rounds, one
 * warm-up gate ({@link org.nightbench.benchjobs.runner.WarmupGate}), each round's times and the
 * JIT's activity in a {@link org.nightbench.benchjobs.runner.RoundLog}. Search (and the lab's bare
 * loop) warm up adaptively, until the JIT stands still and round times settle; PK lookups and PK
 * postings ({@code warmup-batches}), facet timings ({@code warmup}), calibration ({@code
 * warmup-rounds}) and stored-field retrieval (one round, as luceneutil's) go through the same loop
 * with the gate fixed at the count their spec names, so their numbers and their profile keys stay
 * as they were; turning the gate adaptive for one of them changes its numbers and bumps {@link
 * org.nightbench.protocol.MeasuringVersion}.
 *
 * <p>Not through the round loop, and why:
 *
 * <ul>
 *   <li>NRT ({@code warmup-seconds}) and the load sweep ({@code warmup-seconds}): they measure a
 *       wall-clock phase of concurrent threads (updates, reopens and searches at a fixed rate, or
 *       an open-loop arrival schedule), not rounds of one thread; their warm-up is the first
 *       seconds of that phase, so the rate and the JIT settle under the same load that is measured.
 *   <li>Cold search ({@code warmup-rounds}): its warm-up rounds only warm the JIT before the page
 *       cache is dropped; what it measures is the first, cold execution of each query, one each,
 *       not repeated rounds.
 *   <li>Stored fields' indexing pass ({@code warmup-pass}): an optional untimed copy of the one
 *       timed indexing pass, not a round.
 *   <li>Indexing, vector indexing, KNN, CheckIndex: each measures one pass (an index built, a
 *       recall/latency sweep over one searcher, one check) with nothing warmed up before it.
 * </ul>
 */
package org.nightbench.benchjobs.runner;
