/** The JSON contract between a forked harness JVM and the backend, and its writer and reader. */
package org.nightbench.protocol.result;
