/**
 * The change-point detector as pure code over plain arrays: no Spring, no database, no I/O. {@link
 * org.nightbench.changepoints.detection.ChangePointDetector} finds where a nightly series moves to
 * a new level, tells a step from a single outlier, a slow drift or a weekly swing, and can look at
 * only the tail of a series after one more night was appended. The caller stores what it finds.
 */
package org.nightbench.changepoints.detection;
