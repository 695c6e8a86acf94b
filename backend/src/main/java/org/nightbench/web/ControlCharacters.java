package org.nightbench.web;

import java.util.Locale;

/**
 * The control characters text from outside may not hold: NUL (PostgreSQL cannot store it), the
 * other C0 controls but tab, line feed and carriage return, DEL and the C1 controls (invisible on a
 * page, and an escape sequence rewrites the terminal of whoever reads a log), Unicode's line and
 * paragraph separators (a line break that log readers and CSV tools do not expect), and the
 * bidirectional overrides and isolates (they make text read differently from what it holds).
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
      if (forbidden(c)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean forbidden(char c) {
    if (c < 0x20) {
      return c != '\t' && c != '\n' && c != '\r';
    }
    return (c >= 0x7F && c <= 0x9F)
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069');
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
