package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.protocol.BareLoopSpec;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.TaskFileParser;

/** {@code bare-loop}: the search harness's own overhead per task category. */
final class BareLoopStep {

  private BareLoopStep() {}

  static void run(BareLoopSpec spec, Path out) throws Exception {
    SearchSettings settings =
        new SearchSettings(spec.repetitions(), spec.warmup(), spec.seed(), 10);
    List<Metric> metrics =
        Indexes.bareLoop(
            spec.indexDir(), TaskFileParser.parse(spec.tasks()), spec.tasks().toString(), settings);
    Results.write(out, spec.type(), metrics);
  }
}
