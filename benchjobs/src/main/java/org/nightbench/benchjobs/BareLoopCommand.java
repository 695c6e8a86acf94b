package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bare-loop}: the search timing loop's own cost per category, from the same rounds run once
 * with the real tasks and once with empty ones.
 */
@Command(
    name = HarnessOptions.BARE_LOOP_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Measure the search harness's own overhead per task category.")
final class BareLoopCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = HarnessOptions.TASKS, required = true, paramLabel = "FILE")
  Path tasks;

  @Option(names = HarnessOptions.REPETITIONS, defaultValue = "20", paramLabel = "R")
  int repetitions;

  @Option(names = HarnessOptions.WARMUP, defaultValue = "5", paramLabel = "W")
  int warmup;

  @Option(names = HarnessOptions.SEED, defaultValue = "0", paramLabel = "S")
  long seed;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    SearchSettings settings = new SearchSettings(repetitions, warmup, seed, 10);
    List<Metric> metrics =
        Indexes.bareLoop(indexDir, TaskFileParser.parse(tasks), tasks.toString(), settings);
    Results.write(out, "bare-loop", metrics);
    return 0;
  }
}
