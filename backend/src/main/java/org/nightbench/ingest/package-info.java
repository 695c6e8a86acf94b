/** Ingestion: a run's harness result files become series points in one transaction. */
package org.nightbench.ingest;
