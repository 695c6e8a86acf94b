/**
 * Machine or code: what a run's other series say about an alert of that run. The control revision
 * (a pinned Lucene release measured every night, series of benchmark {@code control}) and the share
 * of the run's series that moved at once make each run's evidence, which detection works out
 * ({@code changepoints.evidence}) and this package words as {@code Evidence}; an alert in the
 * direction the control moved is the machine's, one the control did not share is the code's, and an
 * editor's word stands over both. The alerts page and the digest read it through {@code
 * Attributions}; nothing below this package knows it.
 */
package org.nightbench.attribution;
