package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.load.LoadSettings;
import org.nightbench.benchjobs.load.LoadSweep;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.tasks.TaskFileParser;

/** {@code load}: response time under rising open-loop load, and the capacity it implies. */
final class LoadStep {

  private LoadStep() {}

  static void run(LoadSpec spec, Path out) throws Exception {
    LoadSettings settings =
        new LoadSettings(
            spec.directory(),
            spec.threads(),
            spec.startQps(),
            spec.stepFactor(),
            spec.maxSteps(),
            spec.stepSeconds(),
            spec.warmupSeconds(),
            spec.p99LimitMs(),
            spec.seed(),
            spec.categories());
    Indexes.open(spec.indexDir()).close(); // one-line errors for a missing or empty index
    LoadSweep.Result result =
        LoadSweep.run(
            spec.indexDir(),
            TaskFileParser.parse(spec.tasks()),
            spec.tasks().toString(),
            settings,
            System.out);
    Results.write(out, spec.type(), result.metrics(), List.of(result.curve()), result.notes());
  }
}
