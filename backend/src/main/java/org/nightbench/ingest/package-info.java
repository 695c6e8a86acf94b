/**
 * Ingestion: a run's harness result files become series points, with the files, curves and query
 * answers stored beside them, in the caller's transaction. It owns the series identity and the
 * {@link org.nightbench.ingest.RunIngested} event that later stages listen to. It may use the
 * harness's result types ({@code benchjobs.result}, {@code harness.StepResult}) and nothing of the
 * backend's other packages: it never changes a run's state; the worker ({@code
 * worker.RunCompletion}) calls it and ends the run.
 */
package org.nightbench.ingest;
