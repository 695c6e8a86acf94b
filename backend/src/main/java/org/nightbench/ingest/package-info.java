/**
 * Ingestion: a run's harness result files become series points, with the files, curves and query
 * answers stored beside them, in the caller's transaction; or many runs' results at once, points
 * only ({@link org.nightbench.ingest.ResultIngester#ingestPoints}), for a generated history. It
 * owns the series identity, the {@code series} and {@code measurement} tables' writes (one writer,
 * {@link org.nightbench.ingest.MeasurementWriter}, for both paths) and the {@link
 * org.nightbench.ingest.RunIngested} event that later stages listen to. It may use the harness's
 * result types ({@code protocol.result}, {@code harness.StepResult}) and nothing of the backend's
 * other packages: it never changes a run's state; the worker ({@code worker.RunCompletion}) calls
 * it and ends the run, and the synthetic history calls it with results it made up.
 */
package org.nightbench.ingest;
