package org.nightbench.changepoints.marks;

/** The two marks an editor can put on a night of a series. */
public enum MarkKind {
  /** A bad night: detection ignores its point, which stays on the chart. */
  EXCLUDED("excluded"),
  /** The first night after a benchmark or environment change: a known boundary, not an alert. */
  EXPECTED("expected");

  private final String stored;

  MarkKind(String stored) {
    this.stored = stored;
  }

  /** As stored in {@code detection_mark.kind} and sent in JSON. */
  public String stored() {
    return stored;
  }
}
