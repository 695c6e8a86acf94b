package org.nightbench.changepoints.marks;

/**
 * A series' own smallest step worth reporting, as a fraction of the level: 0.03 reports nothing
 * under 3 %.
 */
public record SensitivityRequest(Double minRelativeChange) {}
