/**
 * Years of made-up nights in the real schema, with known steps, drifts and outliers: what the
 * dashboard's speed is measured against and what change-point detection is scored against. It owns
 * no table: it draws the nights ({@link org.nightbench.synthetic.SeriesShape}) and names the series
 * ({@link org.nightbench.synthetic.SyntheticCatalog}, whose query categories are the harness's own
 * {@code protocol.HarnessTasks.CATEGORIES}, and {@link org.nightbench.synthetic.SyntheticKnn}, the
 * KNN step's series of every vector format and fanout, whose steps trade recall for latency), and
 * writes through the owners real runs go through: {@code runs.RunRepository} for the runs, {@code
 * ingest.ResultIngester} for the points (as harness result objects, the way a run's result files
 * are read), {@code annotations.AnnotationService} for the step annotations, then {@code
 * changepoints} for a full recompute. Nothing depends on it. The same catalog can be written on
 * several machines ({@code nightbench.synthetic.machines}) to measure the dashboard at thousands of
 * series.
 */
package org.nightbench.synthetic;
