/**
 * Search on a cold page cache (the founding posts' SSD-vs-RAM experiment): the first queries after
 * the operating system's file cache is dropped, against the same queries once it is warm again.
 */
package org.nightbench.benchjobs.coldsearch;
