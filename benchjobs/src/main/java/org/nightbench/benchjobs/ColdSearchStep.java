package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * {@code cold-search}: the first queries after the OS cache is dropped, where the machine allows
 * it; elsewhere a result with no metrics and a note saying why.
 */
final class ColdSearchStep {

  private ColdSearchStep() {}

  static void run(ColdSearchSpec spec, Path out) throws Exception {
    Indexes.Measured measured =
        Indexes.coldSearch(
            spec.indexDir(),
            TaskFileParser.parse(spec.tasks()),
            spec.tasks().toString(),
            spec.queries(),
            spec.warmupRounds(),
            spec.dropCaches());
    Results.write(out, spec.type(), measured.metrics(), List.of(), measured.notes());
  }
}
