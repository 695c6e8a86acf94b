/**
 * Years of made-up nights in the real schema, with known steps, drifts and outliers: what the
 * dashboard's speed is measured against and what change-point detection is scored against.
 */
package org.nightbench.synthetic;
