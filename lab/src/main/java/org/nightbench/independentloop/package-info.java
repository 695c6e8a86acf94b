/**
 * The harness against an independent timing loop ({@code scripts/ratio-check.sh}): {@link
 * org.nightbench.independentloop.IndependentLoop}, a plain main forked beside one Lucene release's
 * jars and nothing else, and the reading of both sides' result files into per-family
 * candidate/baseline ratios ({@link org.nightbench.independentloop.RatioReport}).
 */
package org.nightbench.independentloop;
