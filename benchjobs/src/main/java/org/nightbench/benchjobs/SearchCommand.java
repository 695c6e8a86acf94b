package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.benchjobs.tasks.Task;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code search}: times a task file against an index and writes per-category QPS. */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    description = "Run a task file against an index.")
final class SearchCommand implements Callable<Integer> {

  @Option(names = "--index-dir", required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = "--tasks", required = true, paramLabel = "FILE")
  Path tasks;

  @Option(names = "--repetitions", defaultValue = "20", paramLabel = "R")
  int repetitions;

  @Option(
      names = "--warmup",
      defaultValue = "5",
      paramLabel = "W",
      description = "leading runs per query dropped")
  int warmup;

  @Option(
      names = "--seed",
      defaultValue = "0",
      paramLabel = "S",
      description = "execution order seed")
  long seed;

  @Option(names = "--top-n", defaultValue = "10", paramLabel = "N")
  int topN;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    SearchSettings settings = new SearchSettings(repetitions, warmup, seed, topN);
    List<Task> taskList = TaskFileParser.parse(tasks);
    List<Metric> metrics =
        Indexes.search(indexDir, taskList, tasks.toString(), settings, System.out);
    Results.write(out, "search", metrics);
    return 0;
  }
}
