/**
 * The benchmark harness run in a forked JVM: {@link org.nightbench.benchjobs.Harness} and its
 * sub-commands, which write their measurements as JSON for the backend.
 */
package org.nightbench.benchjobs;
