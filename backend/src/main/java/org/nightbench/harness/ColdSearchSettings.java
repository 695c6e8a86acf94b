package org.nightbench.harness;

/**
 * Search on a cold page cache: the first queries after the OS cache is dropped (where the machine
 * allows it), against the same queries warm.
 *
 * @param queries at most this many queries, the first of each task category; 0 for 20
 * @param warmupRounds rounds over the queries warming the JIT before the cache is dropped; 0 for 20
 */
public record ColdSearchSettings(int queries, int warmupRounds) {

  public ColdSearchSettings {
    queries = queries == 0 ? 20 : queries;
    warmupRounds = warmupRounds == 0 ? 20 : warmupRounds;
    ProfileChecks.atLeast("cold-search queries", queries, 1);
    ProfileChecks.atLeast("cold-search warmup-rounds", warmupRounds, 1);
  }
}
