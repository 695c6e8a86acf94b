/**
 * The Java Flight Recorder profiles of runs' search and indexing JVMs: read with async-profiler's
 * converter at ingest into collapsed stacks and each method's self and total samples ({@code
 * run_profile}, {@code run_profile_method}), served as hottest-methods tables, flame graphs and
 * diffs of two profiles ("what got slower"). Ingest and comparisons write through {@link
 * org.nightbench.profiles.ProfileRecorder}; pages read through {@link
 * org.nightbench.profiles.ProfileService}. It knows nothing of runs, the worker or comparisons.
 */
package org.nightbench.profiles;
