/** The search benchmark: per-category QPS of task-file queries against an existing index. */
package org.nightbench.benchjobs.search;
