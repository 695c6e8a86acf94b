/**
 * Bisects (issue 18): from a change point, two points of a {@code git:} series or two commits, a
 * poller walks the first-parent commits between a good and a bad end, probing midpoints with real
 * A/B comparisons until one commit, or the smallest range that could be judged, is left. It uses
 * comparisons, lucene, annotations and webhooks; nothing below it knows it exists.
 */
package org.nightbench.bisect;
