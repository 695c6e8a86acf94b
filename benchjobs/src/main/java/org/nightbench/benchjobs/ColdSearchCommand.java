package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cold-search}: the first queries after the OS cache is dropped, where the machine allows
 * it; elsewhere a result with no metrics and a note saying why.
 */
@Command(
    name = HarnessOptions.COLD_SEARCH_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Time the first queries on a dropped OS page cache against the same warm.")
final class ColdSearchCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = HarnessOptions.TASKS, required = true, paramLabel = "FILE")
  Path tasks;

  @Option(
      names = HarnessOptions.QUERIES,
      defaultValue = "20",
      paramLabel = "N",
      description = "at most N queries, one per category")
  int queries;

  @Option(
      names = HarnessOptions.WARMUP_ROUNDS,
      defaultValue = "20",
      paramLabel = "N",
      description = "rounds warming the JIT before the cache is dropped")
  int warmupRounds;

  @Option(
      names = HarnessOptions.DROP_CACHES,
      defaultValue = "/proc/sys/vm/drop_caches",
      paramLabel = "FILE",
      hidden = true)
  Path dropCaches;

  @Option(names = HarnessOptions.OUT, required = true, paramLabel = "FILE")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    Indexes.Measured measured =
        Indexes.coldSearch(
            indexDir,
            TaskFileParser.parse(tasks),
            tasks.toString(),
            queries,
            warmupRounds,
            dropCaches);
    Results.write(
        out, HarnessOptions.COLD_SEARCH_COMMAND, measured.metrics(), List.of(), measured.notes());
    return 0;
  }
}
