/**
 * Remarks on the charts, lettered A, B, C … in date order as on Lucene's nightly pages: a known
 * change, a JDK or hardware change, a benchmark change, or noise; and the automatic one where a
 * series' settings changed ({@code SegmentAnnotations}).
 */
package org.nightbench.annotations;
