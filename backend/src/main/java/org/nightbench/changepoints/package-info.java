/**
 * Detected steps in series and their triage: detection after each ingested run and full recomputes
 * ({@code ChangePointDetection}, which hands a series' marks from {@code changepoints.marks} to the
 * detector through {@code SeriesDetector} and recomputes when they change), change points stored
 * with their evidence (means, effect in σ, p-value, noise, serial correlation) and their stage
 * (suspected the morning after, confirmed once the detector places the step, or withdrawn), alerts
 * and triage.
 */
package org.nightbench.changepoints;
