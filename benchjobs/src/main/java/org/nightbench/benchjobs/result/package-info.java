/** The JSON contract between a forked harness JVM and the backend, and its atomic writer. */
package org.nightbench.benchjobs.result;
