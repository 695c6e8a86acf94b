/**
 * The Java Flight Recorder samples of runs' search and indexing JVMs: read with async-profiler's
 * converter at ingest into collapsed stacks and each method's self and total samples, served as
 * hottest-methods tables, flame graphs and diffs of two recordings ("what got slower"). Ingest and
 * comparisons write through {@link org.nightbench.jfr.JfrRecorder}; pages read through {@link
 * org.nightbench.jfr.JfrService}. It knows nothing of runs, the worker or comparisons.
 *
 * <p>In Java, "profile" means a settings set ({@code quick}, {@code nightly}) only. What was called
 * a profile here before keeps that word where others depend on it: the URLs ({@code /profiles/…},
 * {@code /api/profiles…}, linked from alerts and bisects, and bookmarked), the JSON fields of those
 * APIs ({@code profile}, {@code profileSamples}, a bisect's {@code culpritProfileDiff}) and the
 * tables ({@code run_profile}, {@code run_profile_method}), which hold stored data.
 */
package org.nightbench.jfr;
