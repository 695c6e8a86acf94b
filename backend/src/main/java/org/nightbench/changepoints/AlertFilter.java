package org.nightbench.changepoints;

import java.util.List;

/**
 * Which alerts to list; every part optional.
 *
 * @param states empty for the open ones (untriaged and investigating)
 * @param direction {@code regression}, {@code improvement} or null for both
 * @param minChange the least |relative change|, e.g. 0.05 for 5 %, or null
 */
public record AlertFilter(
    List<TriageState> states,
    String direction,
    String benchmark,
    String machine,
    Double minChange,
    int limit) {

  public AlertFilter {
    states = states == null || states.isEmpty() ? TriageState.OPEN : List.copyOf(states);
    if (direction != null && direction.isBlank()) {
      direction = null;
    }
    if (direction != null && !direction.equals("regression") && !direction.equals("improvement")) {
      throw new IllegalArgumentException(
          "unknown direction '" + direction + "': use regression or improvement");
    }
    benchmark = benchmark == null || benchmark.isBlank() ? null : benchmark.trim();
    machine = machine == null || machine.isBlank() ? null : machine.trim();
    if (limit <= 0 || limit > 5000) {
      limit = 500;
    }
  }
}
