package org.nightbench.jfr;

/**
 * Ids a request names recordings and runs by: positive numbers, refused with a one-line 400
 * otherwise.
 */
final class JfrIds {

  private JfrIds() {}

  static void check(long... ids) {
    for (long id : ids) {
      if (id <= 0) {
        throw new IllegalArgumentException("ids are positive numbers, got " + id);
      }
    }
  }

  /** A comparison side as requests name it: none, baseline or candidate. */
  static String side(String side) {
    if (side == null || side.isEmpty()) {
      return JfrRecorder.NO_SIDE;
    }
    if (side.equals("baseline") || side.equals("candidate")) {
      return side;
    }
    throw new IllegalArgumentException("side must be baseline or candidate");
  }
}
