package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.nightbench.protocol.tasks.Task;

/**
 * The tasks of a file that can run on this index, each compiled and checked once, plus one note per
 * category that lost tasks and why.
 *
 * @param tasks the runnable tasks, in file order
 * @param compiled their executable form, index-aligned with {@code tasks}
 * @param outcomes their hits and top-hit hashes, index-aligned with {@code tasks}
 * @param notes one line per category with skipped tasks
 * @param hashesByKey whether top hashes name hits by id (stable across index rebuilds)
 */
public record TaskPlan(
    List<Task> tasks,
    List<CompiledTask> compiled,
    List<Outcome> outcomes,
    List<String> notes,
    boolean hashesByKey) {

  /**
   * Compiles and checks {@code tasks}; {@code source} names the file in errors about malformed
   * queries, the only failures that end the run.
   */
  public static TaskPlan build(IndexSearcher searcher, List<Task> tasks, String source, int topN)
      throws IOException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("tasks " + source + " has no tasks");
    }
    List<Task> kept = new ArrayList<>();
    List<CompiledTask> compiled = new ArrayList<>();
    List<Outcome> outcomes = new ArrayList<>();
    Map<String, Skips> skipped = new LinkedHashMap<>();
    Map<String, Integer> perCategory = new LinkedHashMap<>();
    boolean byKey;
    try (TaskCompiler compiler = new TaskCompiler(searcher.getIndexReader(), topN)) {
      byKey = compiler.hashesByKey();
      for (Task t : tasks) {
        perCategory.merge(t.category(), 1, Integer::sum);
        String why;
        try {
          CompiledTask c = compile(compiler, t, source);
          outcomes.add(check(c, searcher));
          kept.add(t);
          compiled.add(c);
          continue;
        } catch (UnsupportedTaskException e) {
          why = e.getMessage();
        }
        skipped.computeIfAbsent(t.category(), k -> new Skips(why)).count++;
      }
    }
    List<String> notes = new ArrayList<>();
    skipped.forEach(
        (category, s) ->
            notes.add(
                "skipped "
                    + category
                    + " ("
                    + s.count
                    + " of "
                    + perCategory.get(category)
                    + " tasks): "
                    + s.firstReason));
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(
          "tasks " + source + ": no task can run on this index (" + notes.get(0) + ")");
    }
    return new TaskPlan(kept, compiled, outcomes, notes, byKey);
  }

  private static CompiledTask compile(TaskCompiler compiler, Task t, String source)
      throws UnsupportedTaskException, IOException {
    try {
      return compiler.compile(t);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          source + (t.lineNumber() > 0 ? " line " + t.lineNumber() : "") + ": " + e.getMessage(),
          e);
    }
  }

  private static Outcome check(CompiledTask c, IndexSearcher searcher)
      throws UnsupportedTaskException, IOException {
    try {
      return c.check(searcher);
    } catch (RuntimeException e) {
      // e.g. a wildcard over too many terms: this task cannot run here, the others still can.
      throw new UnsupportedTaskException("failed: " + e);
    }
  }

  private static final class Skips {
    final String firstReason;
    int count;

    Skips(String firstReason) {
      this.firstReason = firstReason;
    }
  }
}
