package org.nightbench.changepoints;

/**
 * What a person changes on one or more alerts; a null field stays as it is, an empty assignee or
 * note clears it.
 */
public record Triage(String state, String assignee, String note, Long annotationId) {}
