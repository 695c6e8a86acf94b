/**
 * The change-point detector as pure code over plain arrays: no Spring, no database, no I/O. {@link
 * org.nightbench.changepoints.detection.ChangePointDetector} finds where a nightly series moves to
 * a new level, tells a step from a single outlier, a slow drift or a weekly swing, and can look at
 * only the tail of a series after one more night was appended. {@link
 * org.nightbench.changepoints.detection.NoiseModel} measures how much a series' nights persist
 * (serial correlation, two-level spells), so the tests stay valid under dependence; {@link
 * org.nightbench.changepoints.detection.DetectionInputs} carries what an editor knows (excluded
 * nights, expected changes, a minimum change); each {@link
 * org.nightbench.changepoints.detection.DetectedChange} carries its evidence. {@link
 * org.nightbench.changepoints.detection.SuspicionCheck} is the morning-after check: whether the
 * newest nights lie beyond the noise of the recent history, a {@link
 * org.nightbench.changepoints.detection.SuspectedChange} before the detector can place a step. The
 * caller stores what they find.
 */
package org.nightbench.changepoints.detection;
