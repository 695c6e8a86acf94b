package org.nightbench.changepoints;

import java.util.List;

/**
 * Which alerts to list; every part optional.
 *
 * @param states empty for the open ones (untriaged and investigating)
 * @param direction {@code regression}, {@code improvement} or null for both
 * @param minChange the least |relative change|, e.g. 0.05 for 5 %, or null
 * @param stages empty for suspected and confirmed ones (withdrawn ones only when asked for)
 */
public record AlertFilter(
    List<TriageState> states,
    List<String> stages,
    String direction,
    String benchmark,
    String machine,
    Double minChange,
    int limit) {

  public AlertFilter {
    states = states == null || states.isEmpty() ? TriageState.OPEN : List.copyOf(states);
    stages =
        stages == null || stages.stream().allMatch(String::isBlank)
            ? SHOWN_STAGES
            : stages.stream().filter(s -> !s.isBlank()).map(AlertFilter::stage).toList();
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

  /** The stages listed unless others are asked for. */
  public static final List<String> SHOWN_STAGES = List.of("suspected", "confirmed");

  /** The stages a change point can be in. */
  public static final List<String> STAGES = List.of("suspected", "confirmed", "withdrawn");

  /** Whether only suspected changes are listed. */
  public boolean onlySuspected() {
    return stages.equals(List.of("suspected"));
  }

  private static String stage(String text) {
    String wanted = text.trim().toLowerCase(java.util.Locale.ROOT);
    if (!STAGES.contains(wanted)) {
      throw new IllegalArgumentException(
          "unknown stage '" + text + "': use " + String.join(", ", STAGES));
    }
    return wanted;
  }
}
