package org.nightbench.changepoints;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Where a change point stands, as users of Mozilla's Perfherder know the states. */
public enum TriageState {
  /** Found, nobody has looked yet. */
  UNTRIAGED,
  /** Someone is looking. */
  INVESTIGATING,
  /** A real change of Lucene's: a regression or an improvement, as its direction says. */
  CONFIRMED,
  /** Noise: not a change at all. */
  INVALID,
  /** The machine, JDK or OS changed, not Lucene. */
  INFRA,
  /** A regression that a later change undid. */
  FIXED,
  /** Real, and accepted (a trade-off). */
  WONTFIX;

  /** The states that still need someone: the overview's flag and the alerts page's default. */
  public static final List<TriageState> OPEN = List.of(UNTRIAGED, INVESTIGATING);

  /** As stored: {@code untriaged}, {@code wontfix} … */
  public String stored() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The state named {@code text}, or a one-line error naming the states there are. */
  public static TriageState parse(String text) {
    String wanted = text == null ? "" : text.trim().replace("'", "").replace(" ", "");
    for (TriageState state : values()) {
      if (state.stored().equalsIgnoreCase(wanted)) {
        return state;
      }
    }
    throw new IllegalArgumentException(
        "unknown state '"
            + text
            + "': use "
            + String.join(", ", Arrays.stream(values()).map(TriageState::stored).toList()));
  }
}
