/**
 * Forking the benchmark harness and its protocol: the harness jar as a file, the profile of
 * settings it runs with, the step specs built from that profile ({@link
 * org.nightbench.harness.ProfileSpecs}, records of {@code protocol} shared with the harness, which
 * reads them from a spec file), the steps a run forks one JVM at a time ({@link
 * org.nightbench.harness.HarnessSteps}) and their order ({@code harness.plan}, for an ordinary run
 * and a comparison alike), and the launcher that starts each fresh JVM and reads nothing but its
 * files. It knows nothing of runs, comparisons or what becomes of the results; callers tell it
 * where log lines and progress go ({@link org.nightbench.harness.StepJournal}).
 */
package org.nightbench.harness;
