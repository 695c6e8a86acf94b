/**
 * The job engine: db-scheduler over the application's PostgreSQL. Runs and the nightly trigger are
 * its executions; it claims them, heartbeats them and finds those whose worker died. Nightbench
 * writes no lease or locking protocol of its own. Beside it, a {@link org.nightbench.jobs.Poller}
 * repeats a feature's round in a thread of its own while the app runs (webhook deliveries,
 * pull-request benchmarks, bisects).
 */
package org.nightbench.jobs;
