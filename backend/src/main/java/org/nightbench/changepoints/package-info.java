/** Detected steps in series and their triage. */
package org.nightbench.changepoints;
