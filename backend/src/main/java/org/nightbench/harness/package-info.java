/**
 * Forking the benchmark harness: the harness jar as a file, the profile of settings it runs with,
 * the command lines built from that profile, and the launcher that starts one fresh JVM per
 * measurement and reads nothing but its files. It may use the harness's command-line constants
 * ({@code protocol}) and knows nothing of runs, comparisons or what becomes of the results.
 */
package org.nightbench.harness;
