package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.benchjobs.search.SearchReport;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.benchjobs.search.VectorQueries;
import org.nightbench.benchjobs.taskgen.UngeneratedCategories;
import org.nightbench.benchjobs.vectors.QueryVectors;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * {@code search}: times a task file against an index and writes per-category QPS, the warm-up curve
 * and a note per skipped category.
 */
final class SearchStep {

  private SearchStep() {}

  static void run(SearchSpec spec, Path out) throws Exception {
    if (spec.taskVectors() != null) {
      VectorQueries.use(QueryVectors.read(spec.taskVectors(), spec.dimension()));
    }
    SearchSettings settings =
        new SearchSettings(
            spec.repetitions(),
            spec.warmup(),
            spec.seed(),
            spec.topN(),
            spec.maxWarmupSec(),
            spec.warmupTolerance(),
            spec.warmupWindow());
    Path tasks = spec.tasks();
    List<Task> taskList = TaskFileParser.parse(tasks);
    SearchReport report =
        Indexes.search(
            spec.indexDir(), spec.directory(), taskList, tasks.toString(), settings, System.out);
    // Categories the generator found no task for are skipped too: say so where skips are said.
    List<String> notes = new ArrayList<>(UngeneratedCategories.notes(tasks));
    notes.forEach(n -> System.out.println("search: " + n));
    notes.addAll(report.notes());
    Results.write(out, spec.type(), report.metrics(), report.curves(), notes);
  }
}
