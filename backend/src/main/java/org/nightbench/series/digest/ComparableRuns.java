package org.nightbench.series.digest;

import java.util.List;
import java.util.Optional;
import org.nightbench.series.SeriesOrder;
import org.springframework.stereotype.Component;

/**
 * A run's comparable runs (same machine, JDK, corpus and profile, succeeded) in the series' own
 * order ({@link SeriesOrder}): the one answer to "which run came before this one" that the digest,
 * the run page's results and its behaviour changes all use.
 */
@Component
class ComparableRuns {

  private final DigestRepository repository;

  ComparableRuns(DigestRepository repository) {
    this.repository = repository;
  }

  /** The succeeded runs of {@code run}'s kind, oldest first in the series' own order. */
  List<DigestRun> ordered(DigestRun run) {
    return SeriesOrder.sorted(
        repository.family(run),
        r -> new SeriesOrder.Position(r.x(), r.id(), r.luceneSpec(), r.luceneVersion()));
  }

  /**
   * The run before {@code run} in its kind's order whose machine was not disturbed (a disturbed
   * night is no baseline); empty for the first.
   */
  Optional<DigestRun> previous(DigestRun run) {
    List<DigestRun> ordered = ordered(run);
    int at = indexOf(ordered, run.id());
    for (int i = (at < 0 ? ordered.size() : at) - 1; i >= 0; i--) {
      if (!ordered.get(i).disturbed()) {
        return Optional.of(ordered.get(i));
      }
    }
    return Optional.empty();
  }

  /**
   * The run just before {@code run} in its kind's order, disturbed or not: what "judge it anyway"
   * compares with; empty for the first.
   */
  Optional<DigestRun> justBefore(DigestRun run) {
    List<DigestRun> ordered = ordered(run);
    int at = indexOf(ordered, run.id());
    int before = (at < 0 ? ordered.size() : at) - 1;
    return before < 0 ? Optional.empty() : Optional.of(ordered.get(before));
  }

  /** The runs after {@code run} in its kind's order, nearest first. */
  List<DigestRun> following(DigestRun run) {
    List<DigestRun> ordered = ordered(run);
    int at = indexOf(ordered, run.id());
    return at < 0 ? List.of() : ordered.subList(at + 1, ordered.size());
  }

  /** The newest run of {@code run}'s kind in its order. */
  DigestRun newest(DigestRun run) {
    List<DigestRun> ordered = ordered(run);
    return ordered.isEmpty() ? run : ordered.get(ordered.size() - 1);
  }

  /**
   * The runs after {@code from} up to and including {@code to} in their kind's order: the nights
   * whose change points a digest between the two names.
   */
  List<Long> between(DigestRun from, DigestRun to) {
    List<DigestRun> ordered = ordered(to);
    int a = indexOf(ordered, from.id());
    int b = indexOf(ordered, to.id());
    if (a < 0 || b < 0) {
      return List.of(to.id());
    }
    int low = Math.min(a, b);
    int high = Math.max(a, b);
    return ordered.subList(low + 1, high + 1).stream().map(DigestRun::id).toList();
  }

  private static int indexOf(List<DigestRun> runs, long id) {
    for (int i = 0; i < runs.size(); i++) {
      if (runs.get(i).id() == id) {
        return i;
      }
    }
    return -1;
  }
}
