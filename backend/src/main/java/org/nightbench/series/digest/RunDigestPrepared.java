package org.nightbench.series.digest;

/**
 * Published once a newly ingested run's digest is prepared and kept: what a finished run announces
 * (the webhooks listen), in the transaction that kept it.
 */
public record RunDigestPrepared(RunDigest digest) {}
