/**
 * Primary-key lookup benchmark: per-segment seekExact on the id field, as luceneutil's PKLookup;
 * and the same lookups on id-only copies of the index whose id postings are held in RAM
 * (lucene-codecs' Direct, FST50) against the default format.
 */
package org.nightbench.benchjobs.pk;
