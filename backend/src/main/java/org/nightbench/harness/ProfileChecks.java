package org.nightbench.harness;

import java.util.Set;
import java.util.TreeSet;

/**
 * One-line messages for bad profile settings, checked when the configuration is bound so that a
 * typo fails the application's start instead of a run hours later.
 */
final class ProfileChecks {

  private ProfileChecks() {}

  static String name(String what, String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(what + " needs a name");
    }
    if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException(
          what + " name '" + name + "' may hold only letters, digits, '.', '_' and '-'");
    }
    return name;
  }

  static void atLeast(String what, double value, double minimum) {
    if (!(value >= minimum)) {
      throw new IllegalArgumentException(
          what + " must be at least " + plain(minimum) + ", got " + plain(value));
    }
  }

  static void above(String what, double value, double bound) {
    if (!(value > bound)) {
      throw new IllegalArgumentException(
          what + " must be greater than " + plain(bound) + ", got " + plain(value));
    }
  }

  static String oneOf(String what, String value, String fallback, Set<String> allowed) {
    if (value == null || value.isBlank()) {
      return fallback;
    }
    if (!allowed.contains(value)) {
      throw new IllegalArgumentException(
          what + " '" + value + "' is unknown; use one of " + new TreeSet<>(allowed));
    }
    return value;
  }

  private static String plain(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
