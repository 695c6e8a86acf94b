package org.nightbench.harness;

import java.util.List;
import java.util.Set;

/**
 * Luceneutil's stored fields benchmark: the corpus indexed as stored fields only, once per mode, in
 * a JVM each.
 *
 * @param modes {@code speed} (BEST_SPEED) and/or {@code compression} (BEST_COMPRESSION); none
 *     given: both
 * @param maxDocs documents taken from the corpus; 0 for all
 * @param flushDocs the writer flushes every this many documents, with serial merges; 0 for
 *     luceneutil's 100
 * @param warmupPass index once untimed first, as luceneutil does (doubles the cost)
 * @param retrievals documents read per retrieval round; 0 for luceneutil's 10,000
 * @param rounds retrieval rounds, the fastest counts; 0 for luceneutil's 10
 */
public record StoredFieldsSettings(
    List<String> modes,
    int maxDocs,
    int flushDocs,
    boolean warmupPass,
    int retrievals,
    int rounds) {

  static final Set<String> MODES = Set.of("speed", "compression");

  public StoredFieldsSettings {
    modes = modes == null || modes.isEmpty() ? List.of("speed", "compression") : List.copyOf(modes);
    for (String mode : modes) {
      ProfileChecks.oneOf("stored-fields mode", mode, null, MODES);
    }
    if (modes.stream().distinct().count() != modes.size()) {
      throw new IllegalArgumentException("stored-fields modes must differ: " + modes);
    }
    flushDocs = flushDocs == 0 ? 100 : flushDocs;
    retrievals = retrievals == 0 ? 10_000 : retrievals;
    rounds = rounds == 0 ? 10 : rounds;
    ProfileChecks.atLeast("stored-fields max-docs", maxDocs, 0);
    ProfileChecks.atLeast("stored-fields flush-docs", flushDocs, 2);
    ProfileChecks.atLeast("stored-fields retrievals", retrievals, 1);
    ProfileChecks.atLeast("stored-fields rounds", rounds, 1);
  }
}
