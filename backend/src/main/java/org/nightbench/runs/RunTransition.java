package org.nightbench.runs;

import static org.nightbench.runs.RunStatus.CANCELLED;
import static org.nightbench.runs.RunStatus.FAILED;
import static org.nightbench.runs.RunStatus.QUEUED;
import static org.nightbench.runs.RunStatus.RUNNING;
import static org.nightbench.runs.RunStatus.SUCCEEDED;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every change of a run's status there is, with the statuses it may start from: the one place that
 * says which moves are allowed. {@link RunRepository} writes each as {@code UPDATE ... WHERE status
 * IN (...)}, so a move from anywhere else is refused by the database row itself, also when two
 * processes race (a cancel against the end of ingestion, a dead-run check against a slow worker). A
 * try's own moves also name its token ({@link RunTry}): a try whose run was handed to another try
 * moves nothing.
 */
public enum RunTransition {
  /** A worker takes a queued run. */
  START(RUNNING, QUEUED),
  /**
   * Ingestion stored the run's points. Not once a cancel was asked for: a run cancelled during
   * ingestion ends cancelled, with nothing stored. Only by the try that owns the run.
   */
  SUCCEED(SUCCEEDED, "not cancel_requested", true, RUNNING),
  /**
   * Some benchmarks failed and the others' points were stored; refused after a cancel request. Only
   * by the try that owns the run.
   */
  FAIL_KEEPING_RESULTS(FAILED, "not cancel_requested", true, RUNNING),
  /** The run could not go on (its own try), or its worker died (the dead-run check). */
  FAIL(FAILED, RUNNING),
  /** Cancelled before a worker took it. */
  CANCEL_QUEUED(CANCELLED, QUEUED),
  /** Cancelled by its try after a cancel request or the job timeout. */
  CANCEL_RUNNING(CANCELLED, null, true, RUNNING),
  /** Handed back to the queue by a stopping worker, or by the dead-run check with retries on. */
  REQUEUE(QUEUED, RUNNING);

  private final RunStatus to;
  private final Set<RunStatus> from;
  private final String guard;
  private final boolean byTryOnly;

  RunTransition(RunStatus to, RunStatus... from) {
    this(to, null, false, from);
  }

  RunTransition(RunStatus to, String guard, boolean byTryOnly, RunStatus... from) {
    this.to = to;
    this.guard = guard;
    this.byTryOnly = byTryOnly;
    this.from = EnumSet.of(from[0], from);
  }

  /**
   * Whether only the try that owns the run may take this transition ({@link RunTry}): a try's own
   * end. The others are also taken by whoever acts on a run no try owns (a queued run's cancel, the
   * dead-run check for a try whose worker died).
   */
  public boolean byTryOnly() {
    return byTryOnly;
  }

  public RunStatus to() {
    return to;
  }

  /** Whether a run in {@code status} may take this transition (the SQL guard aside). */
  public boolean allowedFrom(RunStatus status) {
    return from.contains(status);
  }

  /** The SQL condition a run row must meet for this transition, to follow {@code where id = ?}. */
  String condition() {
    String statuses =
        from.stream().map(s -> "'" + s.db() + "'").collect(Collectors.joining(", ", "(", ")"));
    return "status in " + statuses + (guard == null ? "" : " and " + guard);
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
