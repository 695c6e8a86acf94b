package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.load.LoadSettings;
import org.nightbench.benchjobs.load.LoadSweep;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code load}: response time under rising open-loop load, and the capacity it implies. */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description =
        "Offer queries at rising rates (Poisson arrivals) and record latency percentiles.")
final class LoadCommand implements Callable<Integer> {

  @Option(names = "--index-dir", required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = "--tasks", required = true, paramLabel = "FILE")
  Path tasks;

  @Option(names = "--directory", defaultValue = "mmap", paramLabel = "mmap|bytebuffers")
  String directory;

  @Option(names = "--threads", defaultValue = "2", paramLabel = "N")
  int threads;

  @Option(names = "--start-qps", defaultValue = "100", paramLabel = "Q")
  double startQps;

  @Option(names = "--step-factor", defaultValue = "1.5", paramLabel = "F")
  double stepFactor;

  @Option(names = "--max-steps", defaultValue = "20", paramLabel = "K")
  int maxSteps;

  @Option(names = "--step-seconds", defaultValue = "5", paramLabel = "S")
  double stepSeconds;

  @Option(names = "--warmup-seconds", defaultValue = "2", paramLabel = "S")
  double warmupSeconds;

  @Option(names = "--p99-limit-ms", defaultValue = "50", paramLabel = "MS")
  double p99LimitMs;

  @Option(names = "--seed", defaultValue = "0", paramLabel = "SEED")
  long seed;

  @Option(names = "--categories", split = ",", paramLabel = "A,B", description = "default: all")
  List<String> categories;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "result JSON")
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
