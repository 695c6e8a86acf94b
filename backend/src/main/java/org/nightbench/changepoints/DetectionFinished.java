package org.nightbench.changepoints;

/**
 * Detection has looked at every series a run added points to (whether or not it found anything, and
 * also where a series failed): what follows a night and wants the detector's verdict on it (the
 * run's digest and its webhook) listens for this rather than for the ingestion.
 */
public record DetectionFinished(long runId) {}
