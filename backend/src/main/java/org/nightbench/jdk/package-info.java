/**
 * Which Java runs the benchmarks: discovering installed JDKs with {@link
 * org.nightbench.jdk.JdkFinder} and picking one, so that a whole series runs on one JDK and a JDK
 * change never masquerades as a Lucene change.
 */
package org.nightbench.jdk;
