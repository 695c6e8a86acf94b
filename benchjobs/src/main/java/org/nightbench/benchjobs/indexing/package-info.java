/** The indexing benchmark: line-docs corpus into an on-disk index, timed end to end. */
package org.nightbench.benchjobs.indexing;
