package org.nightbench.protocol.tasks;

/**
 * One line of a task file: a query to time and the category its QPS is reported under.
 *
 * @param category e.g. {@code HighTerm}; letters, digits, '_', '.' and '-', starting with a letter
 * @param query classic query-parser syntax, never empty
 * @param comment text after {@code #} without the marker (e.g. {@code freq=123}), or null
 * @param lineNumber 1-based line in the source file, or 0 for tasks not read from a file
 */
public record Task(String category, String query, String comment, int lineNumber) {}
