package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.benchjobs.indexing.IndexingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code index}: builds an index from a line-docs corpus and writes the indexing metrics. */
@Command(name = "index", mixinStandardHelpOptions = true, description = "Index a line-docs corpus.")
final class IndexCommand implements Callable<Integer> {

  @Option(
      names = "--corpus",
      required = true,
      paramLabel = "FILE",
      description = "line-docs file, plain or .gz")
  Path corpus;

  @Option(
      names = "--index-dir",
      required = true,
      paramLabel = "DIR",
      description = "index directory, recreated")
  Path indexDir;

  @Option(names = "--max-docs", paramLabel = "N", description = "stop after N docs (default: all)")
  Long maxDocs;

  @Option(names = "--ram-buffer-mb", defaultValue = "64", paramLabel = "MB")
  double ramBufferMB;

  @Option(names = "--threads", defaultValue = "1", paramLabel = "N")
  int threads;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    // A stale result from an earlier run must not pass for this run's if we fail.
    Files.deleteIfExists(out);
    IndexingSettings settings =
        new IndexingSettings(
            corpus, indexDir, maxDocs == null ? Long.MAX_VALUE : maxDocs, ramBufferMB, threads);
    IndexingReport report = IndexingBenchmark.run(settings, System.out);
    Results.write(out, "index", report.toMetrics(settings));
    return 0;
  }
}
