/**
 * Streaming reader for Lucene benchmark "line docs" corpora ({@code title<TAB>date<TAB>body}),
 * plain or gzip, with no Lucene dependency.
 */
package org.nightbench.benchjobs.linedocs;
