/** Probes for the machine, JVM and Lucene a harness run measured on. */
package org.nightbench.benchjobs.environment;
