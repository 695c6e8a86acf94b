package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.nrt.NrtBenchmark;
import org.nightbench.benchjobs.nrt.NrtSettings;
import org.nightbench.benchjobs.tasks.Task;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nrt}: reopen latency under a steady update load, on a copy of a built index. */
@Command(
    name = HarnessOptions.NRT_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Time near-real-time reopens while documents are replaced and searches run.")
final class NrtCommand implements Callable<Integer> {

  @Option(
      names = HarnessOptions.VARIANT,
      defaultValue = "plain",
      paramLabel = "plain|merging|throttled")
  String variant;

  @Option(
      names = HarnessOptions.INDEX_DIR,
      required = true,
      paramLabel = "DIR",
      description = "left as is")
  Path indexDir;

  @Option(
      names = HarnessOptions.WORK_DIR,
      required = true,
      paramLabel = "DIR",
      description = "for the copy")
  Path workDir;

  @Option(names = HarnessOptions.CORPUS, required = true, paramLabel = "FILE")
  Path corpus;

  @Option(
      names = HarnessOptions.TASKS,
      paramLabel = "FILE",
      description = "queries for the search threads")
  Path tasks;

  @Option(names = HarnessOptions.UPDATE_RATE, defaultValue = "200", paramLabel = "DOCS/S")
  double updateRate;

  @Option(names = HarnessOptions.REOPEN_INTERVAL_MS, defaultValue = "1000", paramLabel = "MS")
  double reopenIntervalMs;

  @Option(names = HarnessOptions.SEARCH_THREADS, defaultValue = "1", paramLabel = "N")
  int searchThreads;

  @Option(names = HarnessOptions.DURATION_SECONDS, defaultValue = "60", paramLabel = "S")
  double durationSeconds;

  @Option(names = HarnessOptions.WARMUP_SECONDS, defaultValue = "5", paramLabel = "S")
  double warmupSeconds;

  @Option(names = HarnessOptions.MERGE_MB_PER_SEC, defaultValue = "20", paramLabel = "MB")
  double mergeMbPerSec;

  @Option(names = HarnessOptions.RAM_BUFFER_MB, defaultValue = "64", paramLabel = "MB")
  double ramBufferMb;

  @Option(names = HarnessOptions.SEED, defaultValue = "0", paramLabel = "SEED")
  long seed;

  @Option(names = HarnessOptions.MAX_FULL_FLUSH_MERGE_WAIT_MS, paramLabel = "MS")
  Long maxFullFlushMergeWaitMs;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    NrtSettings settings =
        new NrtSettings(
            variant,
            updateRate,
            reopenIntervalMs,
            searchThreads,
            durationSeconds,
            warmupSeconds,
            mergeMbPerSec,
            ramBufferMb,
            seed,
            maxFullFlushMergeWaitMs);
    if (searchThreads > 0 && tasks == null) {
      throw new IllegalArgumentException("--tasks is needed for --search-threads " + searchThreads);
    }
    List<Task> queries = tasks == null ? List.of() : TaskFileParser.parse(tasks);
    Indexes.open(indexDir).close(); // one-line errors for a missing or empty index
    NrtBenchmark.Result result =
        NrtBenchmark.run(
            indexDir, workDir, corpus, queries, String.valueOf(tasks), settings, System.out);
    Results.write(out, "nrt", result.metrics(), result.curves(), result.notes());
    return 0;
  }
}
