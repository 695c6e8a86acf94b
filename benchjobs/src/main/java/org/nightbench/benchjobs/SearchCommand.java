package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.search.SearchReport;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.benchjobs.search.VectorQueries;
import org.nightbench.benchjobs.tasks.Task;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.benchjobs.tasks.UngeneratedCategories;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code search}: times a task file against an index and writes per-category QPS, the warm-up curve
 * and a note per skipped category.
 */
@Command(
    name = HarnessOptions.SEARCH_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Run a task file against an index.")
final class SearchCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(names = HarnessOptions.TASKS, required = true, paramLabel = "FILE")
  Path tasks;

  @Option(names = HarnessOptions.REPETITIONS, defaultValue = "20", paramLabel = "R")
  int repetitions;

  @Option(
      names = HarnessOptions.WARMUP,
      defaultValue = "5",
      paramLabel = "W",
      description = "minimum warm-up rounds, dropped (counted in --repetitions)")
  int warmup;

  @Option(
      names = HarnessOptions.SEED,
      defaultValue = "0",
      paramLabel = "S",
      description = "execution order seed")
  long seed;

  @Option(names = HarnessOptions.TOP_N, defaultValue = "10", paramLabel = "N")
  int topN;

  @Option(
      names = HarnessOptions.MAX_WARMUP_SEC,
      defaultValue = "10",
      paramLabel = "SEC",
      description =
          "keep warming up until the JIT is idle and round times settle, at most this many"
              + " seconds of search-thread CPU (20x in wall time); 0: fixed")
  double maxWarmupSec;

  @Option(
      names = HarnessOptions.WARMUP_TOLERANCE,
      defaultValue = "0.02",
      paramLabel = "F",
      description = "settled when two windows' median round times differ by at most this")
  double warmupTolerance;

  @Option(names = HarnessOptions.WARMUP_WINDOW, defaultValue = "5", paramLabel = "ROUNDS")
  int warmupWindow;

  @Option(
      names = HarnessOptions.DIRECTORY,
      defaultValue = "default",
      paramLabel = "default|mmap|nio",
      description = "how the index is read: FSDirectory's choice, MMapDirectory or NIOFSDirectory")
  String directory;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Option(
      names = HarnessOptions.TASK_VECTORS,
      paramLabel = "FILE",
      description = "query vectors of the vector// tasks' texts, written by embed")
  Path taskVectors;

  @Option(names = HarnessOptions.DIMENSION, defaultValue = "384", paramLabel = "D")
  int dimension;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    if (taskVectors != null) {
      VectorQueries.use(QueryVectors.read(taskVectors, dimension));
    }
    SearchSettings settings =
        new SearchSettings(
            repetitions, warmup, seed, topN, maxWarmupSec, warmupTolerance, warmupWindow);
    List<Task> taskList = TaskFileParser.parse(tasks);
    SearchReport report =
        Indexes.search(indexDir, directory, taskList, tasks.toString(), settings, System.out);
    // Categories the generator found no task for are skipped too: say so where skips are said.
    List<String> notes = new ArrayList<>(UngeneratedCategories.notes(tasks));
    notes.forEach(n -> System.out.println("search: " + n));
    notes.addAll(report.notes());
    Results.write(out, "search", report.metrics(), report.curves(), notes);
    return 0;
  }
}
