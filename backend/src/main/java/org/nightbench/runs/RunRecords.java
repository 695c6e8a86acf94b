package org.nightbench.runs;

import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * What a run left to read once it ran: its log, the commits since the previous measured point, and
 * its insights (notes, calibration, changed answers, curves), each from the repository that owns
 * it.
 */
@Component
class RunRecords {

  private final RunRepository runs;
  private final RunLogRepository logs;
  private final RunHistoryRepository history;
  private final RunInsightsRepository insights;

  RunRecords(
      RunRepository runs,
      RunLogRepository logs,
      RunHistoryRepository history,
      RunInsightsRepository insights) {
    this.runs = runs;
    this.logs = logs;
    this.history = history;
    this.insights = insights;
  }

  List<String> log(long id, int fromLine) {
    return logs.lines(id, Math.max(0, fromLine));
  }

  /** The commits since the previous measured point; empty when there is no such run. */
  Optional<RunChanges> changes(long id) {
    return runs.find(id).map(run -> history.changes(id));
  }

  /** Notes, calibration, changed query answers and curves of a run. */
  Optional<RunInsights> insights(long id) {
    return runs.find(id).flatMap(insights::find);
  }

  /** The rows of one of a run's curves, as a JSON array of [x, y1, y2, ...]. */
  Optional<String> curveRows(long id, int position) {
    return insights.curveRows(id, position);
  }
}
