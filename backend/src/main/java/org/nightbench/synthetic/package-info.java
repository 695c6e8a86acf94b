/**
 * Years of made-up nights in the real schema, with known steps, drifts and outliers: what the
 * dashboard's speed is measured against and what change-point detection is scored against. The same
 * catalog can be written on several machines ({@code nightbench.synthetic.machines}) to measure the
 * dashboard at thousands of series.
 */
package org.nightbench.synthetic;
