package org.nightbench.changepoints;

/**
 * Published in the transaction that stored a new change point, for those who tell people about it
 * (webhooks); a listener that writes joins that transaction, so a rolled back detection tells
 * nobody.
 */
public record ChangePointDetected(long changePointId) {}
