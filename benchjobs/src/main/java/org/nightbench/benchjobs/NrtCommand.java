package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.nrt.NrtBenchmark;
import org.nightbench.benchjobs.nrt.NrtSettings;
import org.nightbench.benchjobs.tasks.Task;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nrt}: reopen latency under a steady update load, on a copy of a built index. */
@Command(
    name = "nrt",
    mixinStandardHelpOptions = true,
    description = "Time near-real-time reopens while documents are replaced and searches run.")
final class NrtCommand implements Callable<Integer> {

  @Option(names = "--variant", defaultValue = "plain", paramLabel = "plain|merging|throttled")
  String variant;

  @Option(names = "--index-dir", required = true, paramLabel = "DIR", description = "left as is")
  Path indexDir;

  @Option(names = "--work-dir", required = true, paramLabel = "DIR", description = "for the copy")
  Path workDir;

  @Option(names = "--corpus", required = true, paramLabel = "FILE")
  Path corpus;

  @Option(names = "--tasks", paramLabel = "FILE", description = "queries for the search threads")
  Path tasks;

  @Option(names = "--update-rate", defaultValue = "200", paramLabel = "DOCS/S")
  double updateRate;

  @Option(names = "--reopen-interval-ms", defaultValue = "1000", paramLabel = "MS")
  double reopenIntervalMs;

  @Option(names = "--search-threads", defaultValue = "1", paramLabel = "N")
  int searchThreads;

  @Option(names = "--duration-seconds", defaultValue = "60", paramLabel = "S")
  double durationSeconds;

  @Option(names = "--warmup-seconds", defaultValue = "5", paramLabel = "S")
  double warmupSeconds;

  @Option(names = "--merge-mb-per-sec", defaultValue = "20", paramLabel = "MB")
  double mergeMbPerSec;

  @Option(names = "--ram-buffer-mb", defaultValue = "64", paramLabel = "MB")
  double ramBufferMb;

  @Option(names = "--seed", defaultValue = "0", paramLabel = "SEED")
  long seed;

  @Option(names = "--max-full-flush-merge-wait-ms", paramLabel = "MS")
  Long maxFullFlushMergeWaitMs;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "result JSON")
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
