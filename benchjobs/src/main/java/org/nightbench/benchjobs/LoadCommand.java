package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.load.LoadSettings;
import org.nightbench.benchjobs.load.LoadSweep;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code load}: response time under rising open-loop load, and the capacity it implies. */
@Command(
    name = HarnessOptions.LOAD_COMMAND,
    mixinStandardHelpOptions = true,
    description =
        "Offer queries at rising rates (Poisson arrivals) and record latency percentiles.")
final class LoadCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = HarnessOptions.TASKS, required = true, paramLabel = "FILE")
  Path tasks;

  @Option(names = HarnessOptions.DIRECTORY, defaultValue = "mmap", paramLabel = "mmap|bytebuffers")
  String directory;

  @Option(names = HarnessOptions.THREADS, defaultValue = "2", paramLabel = "N")
  int threads;

  @Option(names = HarnessOptions.START_QPS, defaultValue = "100", paramLabel = "Q")
  double startQps;

  @Option(names = HarnessOptions.STEP_FACTOR, defaultValue = "1.5", paramLabel = "F")
  double stepFactor;

  @Option(names = HarnessOptions.MAX_STEPS, defaultValue = "20", paramLabel = "K")
  int maxSteps;

  @Option(names = HarnessOptions.STEP_SECONDS, defaultValue = "5", paramLabel = "S")
  double stepSeconds;

  @Option(names = HarnessOptions.WARMUP_SECONDS, defaultValue = "2", paramLabel = "S")
  double warmupSeconds;

  @Option(names = HarnessOptions.P99_LIMIT_MS, defaultValue = "50", paramLabel = "MS")
  double p99LimitMs;

  @Option(names = HarnessOptions.SEED, defaultValue = "0", paramLabel = "SEED")
  long seed;

  @Option(
      names = HarnessOptions.CATEGORIES,
      split = ",",
      paramLabel = "A,B",
      description = "default: all")
  List<String> categories;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    LoadSettings settings =
        new LoadSettings(
            directory,
            threads,
            startQps,
            stepFactor,
            maxSteps,
            stepSeconds,
            warmupSeconds,
            p99LimitMs,
            seed,
            categories);
    Indexes.open(indexDir).close(); // one-line errors for a missing or empty index
    LoadSweep.Result result =
        LoadSweep.run(
            indexDir, TaskFileParser.parse(tasks), tasks.toString(), settings, System.out);
    Results.write(out, "load", result.metrics(), List.of(result.curve()), result.notes());
    return 0;
  }
}
