package org.nightbench.runs;

import java.time.Instant;

/**
 * One commit a run measures for the first time.
 *
 * @param date the committer date
 */
public record RunChange(String sha, String author, Instant date, String subject) {}
