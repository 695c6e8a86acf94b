package org.nightbench.backfill;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The history measured on first start with an empty database.
 *
 * @param enabled whether to backfill at all
 * @param fromMinor the oldest Lucene minor measured, e.g. {@code 9.8}
 * @param toMinor the newest Lucene minor measured, e.g. {@code 10.6}; each minor at its latest
 *     patch release
 */
@ConfigurationProperties("nightbench.backfill")
public record BackfillProperties(boolean enabled, String fromMinor, String toMinor) {}
