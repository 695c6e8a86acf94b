/**
 * Primary-key lookup benchmark: per-segment seekExact on the id field, as luceneutil's PKLookup.
 */
package org.nightbench.benchjobs.pk;
