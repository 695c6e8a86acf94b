/**
 * The seeded generator of luceneutil-style task files: derives every nightly query family from an
 * index and its corpus, one small class per family group, keeping what the search compiler runs
 * with hits. It uses the search compiler; the task file format ({@code tasks}) does not.
 */
package org.nightbench.benchjobs.taskgen;
