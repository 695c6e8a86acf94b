package org.nightbench.bisect;

/** What one probe of a bisect concluded, as Pinpoint says it. */
public enum ProbeVerdict {
  /** Measures as the bad end: the change is at or before the probed commit. */
  DIFFERENT,
  /** Measures as the good end: the change is after the probed commit. */
  SAME,
  /** Neither could be shown with the JVMs it had. */
  UNKNOWN,
  /** The commit did not build, so it could not be measured. */
  UNBUILDABLE
}
