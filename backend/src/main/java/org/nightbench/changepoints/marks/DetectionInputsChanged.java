package org.nightbench.changepoints.marks;

/**
 * Published in the transaction that added or removed a mark or changed a series' sensitivity: its
 * change points are out of date until detection runs again over the whole series.
 */
public record DetectionInputsChanged(long seriesId) {}
