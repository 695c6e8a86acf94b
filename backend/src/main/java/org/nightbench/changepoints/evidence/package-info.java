/**
 * A run's machine evidence, worked out once from the run's points as the first step of detection
 * after ingestion: how the control revision's series (a pinned Lucene release measured every night,
 * benchmark {@code control}) moved against their recent nights, and how many of the run's other
 * series moved beyond their noise at once. Detection leaves the nights it puts down to the machine
 * out of each series' history; {@code attribution} reads the same evidence to say, per alert,
 * machine or code. Plain code ({@link org.nightbench.changepoints.evidence.RunEvidenceCalculator})
 * and its table ({@code run_machine_evidence}); it knows nothing of the pages.
 */
package org.nightbench.changepoints.evidence;
