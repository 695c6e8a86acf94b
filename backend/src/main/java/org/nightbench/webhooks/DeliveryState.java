package org.nightbench.webhooks;

import java.util.Arrays;
import java.util.Locale;

/** Where one webhook delivery stands. */
public enum DeliveryState {
  /** Not delivered yet; another attempt is scheduled. */
  PENDING,
  /** The URL answered 2xx. */
  DELIVERED,
  /** Every attempt failed; it stays so until an admin retries it. */
  FAILED;

  /** As the API shows it: {@code pending}, {@code delivered}, {@code failed}. */
  public String shown() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The state named {@code text}, or a one-line error naming the states there are. */
  public static DeliveryState parse(String text) {
    for (DeliveryState state : values()) {
      if (state.shown().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return state;
      }
    }
    throw new IllegalArgumentException(
        "unknown state '"
            + text
            + "': use "
            + String.join(", ", Arrays.stream(values()).map(DeliveryState::shown).toList()));
  }
}
