/**
 * High-cardinality facet timings (luceneutil's NAD facet benchmark, on the RandomLabel dimension
 * every benchmark document carries): how long counting, getAllDims, getTopDims, getTopChildren and
 * getAllChildren take, taxonomy against sorted-set doc values, as one series each.
 */
package org.nightbench.benchjobs.facets;
