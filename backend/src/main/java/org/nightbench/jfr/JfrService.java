package org.nightbench.jfr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What pages and the API read of stored JFR samples: hottest methods, flame graphs and diffs. */
@Service
@Transactional(readOnly = true)
public class JfrService {

  /** Methods a run page lists per benchmark. */
  public static final int HOTTEST = 20;

  /** Methods a diff lists per benchmark, in each of its two tables (self, total). */
  public static final int DIFF_ROWS = 15;

  private final JfrRepository repository;

  JfrService(JfrRepository repository) {
    this.repository = repository;
  }

  /**
   * A run's recorded benchmarks (of one comparison side, or {@link JfrRecorder#NO_SIDE}) with their
   * hottest methods.
   */
  public List<HotMethods> hottest(long runId, String side) {
    return repository.ofRun(runId, side).stream()
        .map(summary -> new HotMethods(summary, repository.hottest(summary, HOTTEST)))
        .toList();
  }

  /**
   * The diff of every benchmark both have recorded: {@code before}'s recordings against {@code
   * after}'s, each a run and a side; empty when they share no recorded benchmark.
   */
  public List<JfrDiff> diffs(long beforeRun, String beforeSide, long afterRun, String afterSide) {
    Map<String, JfrSummary> before =
        repository.ofRun(beforeRun, beforeSide).stream()
            .collect(Collectors.toMap(JfrSummary::benchmark, Function.identity()));
    List<JfrDiff> diffs = new ArrayList<>();
    for (JfrSummary after : repository.ofRun(afterRun, afterSide)) {
      JfrSummary was = before.get(after.benchmark());
      if (was != null) {
        diffs.add(
            JfrDiff.of(
                after.benchmark(),
                was,
                repository.methods(was),
                after,
                repository.methods(after),
                DIFF_ROWS));
      }
    }
    return diffs;
  }

  /** Every method of a recording, for a client that ranks them its own way. */
  public List<MethodShare> methods(JfrSummary summary) {
    return repository.methods(summary);
  }

  /** The flame graph page of a stored recording; empty when there is none with {@code id}. */
  public Optional<String> flameGraph(long id) {
    return repository
        .find(id)
        .flatMap(
            summary ->
                repository
                    .collapsed(id)
                    .map(
                        gzip ->
                            JfrRecordings.flameGraph(
                                CollapsedStacks.gunzip(gzip), title(summary))));
  }

  private static String title(JfrSummary summary) {
    return "Run "
        + summary.runId()
        + (summary.side().isEmpty() ? "" : " " + summary.side())
        + ": "
        + summary.benchmark()
        + " ("
        + summary.jvms()
        + " JVMs, "
        + summary.samples()
        + " samples)";
  }
}
