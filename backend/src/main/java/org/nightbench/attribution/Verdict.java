package org.nightbench.attribution;

import java.util.Locale;

/** Whose move an alert is: the machine's, the code's, or not known (no control, few series). */
public enum Verdict {
  MACHINE("machine moved"),
  CODE("code moved"),
  UNKNOWN("machine or code: not known");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** What the pages show, e.g. {@code machine moved}. */
  public String label() {
    return label;
  }

  /** As stored and posted: {@code machine}, {@code code} or {@code unknown}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The verdict an editor may set: {@code machine} or {@code code}.
   *
   * @throws IllegalArgumentException with a one-line message for anything else
   */
  static Verdict editable(String key) {
    if ("machine".equals(key)) {
      return MACHINE;
    }
    if ("code".equals(key)) {
      return CODE;
    }
    throw new IllegalArgumentException(
        "verdict must be machine, code or automatic, not '" + shorten(key) + "'");
  }

  private static String shorten(String text) {
    if (text == null) {
      return "";
    }
    return text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }
}
