/**
 * Response time under load: an open-loop client offers queries at a target rate, in steps, and
 * measures each request from when it should have started, so a stalled server shows as queueing.
 */
package org.nightbench.benchjobs.load;
