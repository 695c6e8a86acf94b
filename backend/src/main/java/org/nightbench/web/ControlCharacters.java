package org.nightbench.web;

import java.util.Locale;

/**
 * The control characters text from outside may not hold: NUL (PostgreSQL cannot store it) and the
 * other C0 controls but tab, line feed and carriage return (invisible on a page, and an escape
 * sequence rewrites the terminal of whoever reads a log).
 */
public final class ControlCharacters {

  private ControlCharacters() {}

  /** The index of the first forbidden character in {@code text}, or -1 (also for null). */
  public static int first(String text) {
    if (text == null) {
      return -1;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        return i;
      }
    }
    return -1;
  }

  /** A one-line complaint about {@code what} if {@code text} holds one, else nothing. */
  public static void refuse(String what, String text) {
    int at = first(text);
    if (at >= 0) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "%s contains the control character U+%04X",
              what,
              (int) text.charAt(at)));
    }
  }
}
