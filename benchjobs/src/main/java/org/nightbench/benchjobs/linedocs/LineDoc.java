package org.nightbench.benchjobs.linedocs;

/**
 * One document of a line-docs corpus.
 *
 * @param title first field
 * @param date second field, kept verbatim (formats differ between corpora)
 * @param body third field; any further fields (labels) are dropped
 * @param lineNumber 1-based line in the file, for error messages
 * @param utf8Bytes UTF-8 length of the whole line without its terminator, the "plain text" that
 *     GB/hour figures are based on
 */
public record LineDoc(String title, String date, String body, long lineNumber, int utf8Bytes) {}
