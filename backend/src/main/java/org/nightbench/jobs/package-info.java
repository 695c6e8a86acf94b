/**
 * The job engine: db-scheduler over the application's PostgreSQL. Runs and the nightly trigger are
 * its executions; it claims them, heartbeats them and finds those whose worker died. Nightbench
 * writes no lease or locking protocol of its own. Beside it, {@link
 * org.nightbench.jobs.PollingThread} repeats a poller's round in a thread of its own (webhook
 * deliveries, pull-request benchmarks).
 */
package org.nightbench.jobs;
