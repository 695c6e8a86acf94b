package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.nrt.NrtBenchmark;
import org.nightbench.benchjobs.nrt.NrtSettings;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/** {@code nrt}: reopen latency under a steady update load, on a copy of a built index. */
final class NrtStep {

  private NrtStep() {}

  static void run(NrtSpec spec, Path out) throws Exception {
    NrtSettings settings =
        new NrtSettings(
            spec.variant(),
            spec.updateRate(),
            spec.reopenIntervalMs(),
            spec.searchThreads(),
            spec.durationSeconds(),
            spec.warmupSeconds(),
            spec.mergeMbPerSec(),
            spec.ramBufferMb(),
            spec.seed(),
            spec.maxFullFlushMergeWaitMs());
    if (spec.searchThreads() > 0 && spec.tasks() == null) {
      throw new IllegalArgumentException(
          "--tasks is needed for --search-threads " + spec.searchThreads());
    }
    List<Task> queries = spec.tasks() == null ? List.of() : TaskFileParser.parse(spec.tasks());
    Indexes.open(spec.indexDir()).close(); // one-line errors for a missing or empty index
    NrtBenchmark.Result result =
        NrtBenchmark.run(
            spec.indexDir(),
            spec.workDir(),
            spec.corpus(),
            queries,
            String.valueOf(spec.tasks()),
            settings,
            System.out);
    Results.write(out, spec.type(), result.metrics(), result.curves(), result.notes());
  }
}
