/**
 * Remarks on the charts, lettered A, B, C … in date order as on Lucene's nightly pages: a known
 * change, a JDK or hardware change, a benchmark change, or noise.
 */
package org.nightbench.annotations;
