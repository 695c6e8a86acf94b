package org.nightbench.protocol.result;

import java.util.List;

/**
 * What one forked harness JVM writes to its {@code --out} file: the measurements of one command
 * (index or search) together with the Lucene and environment it ran on. The backend reads this file
 * and never scrapes the process's output.
 *
 * @param schemaVersion bumped whenever a field changes meaning
 * @param command the harness sub-command that produced the file ({@code index}, {@code search})
 * @param lucene the Lucene actually loaded by the JVM
 * @param environment the machine and JVM the measurement ran on
 * @param metrics one entry per measured quantity; a JVM measures each at most once
 * @param curves shapes measured within this JVM (empty for most commands)
 * @param notes one-line remarks a reader of the run should see, e.g. a task category this corpus
 *     cannot serve and was skipped
 */
public record HarnessResult(
    int schemaVersion,
    String command,
    LuceneInfo lucene,
    EnvironmentInfo environment,
    List<Metric> metrics,
    List<Curve> curves,
    List<String> notes) {

  public static final int SCHEMA_VERSION = 2;

  public HarnessResult {
    metrics = metrics == null ? List.of() : List.copyOf(metrics);
    curves = curves == null ? List.of() : List.copyOf(curves);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }
}
