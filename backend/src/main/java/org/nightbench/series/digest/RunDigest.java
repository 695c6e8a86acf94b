package org.nightbench.series.digest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.nightbench.series.TaskGroup;

/**
 * What changed between two comparable runs of one machine: how many series got worse, better or
 * stayed within noise (each row's {@link DigestRow#verdict() verdict}: the night's test and the
 * detector's change points together, each series counted once), the largest moves each way, every
 * series ordered by significance, the series the earlier run measured and the later did not, and
 * the steps that stopped measuring.
 *
 * @param from the earlier run, the baseline; null when {@code to} is the first of its kind
 * @param to the later run
 * @param previous true when {@code from} is {@code to}'s previous comparable run (the nightly
 *     digest), false for a digest between two chosen runs
 * @param disturbedReason why nothing is judged: a run's machine was disturbed; null when judged
 * @param largestRegressions the worst judged moves, largest first (at most {@value #LARGEST})
 * @param largestImprovements the best judged moves, largest first
 * @param rows every series both runs measured, by significance: worse and better first (smallest
 *     q-value first), then within noise, then not judged
 * @param missing series the earlier run measured and the later did not
 * @param newSeries series the later run measured for the first time against the earlier
 * @param skippedNotes the later run's notes that say it skipped something
 * @param silentSteps steps that measured in the earlier run and measure nothing now
 * @param note a remark for the reader (e.g. nothing to compare with), or null
 */
public record RunDigest(
    DigestRun from,
    DigestRun to,
    boolean previous,
    String disturbedReason,
    int worse,
    int better,
    int withinNoise,
    int notJudged,
    List<DigestRow> largestRegressions,
    List<DigestRow> largestImprovements,
    List<DigestRow> rows,
    List<MissingSeries> missing,
    int newSeries,
    List<String> skippedNotes,
    List<SilentStep> silentSteps,
    String note) {

  /** How many moves each way the digest names up front. */
  public static final int LARGEST = 10;

  /** A series the earlier run measured and the later did not. */
  public record MissingSeries(
      long seriesId, String group, String benchmark, String task, String metric) {}

  /** A step that measured in the earlier run and measures nothing in the later one. */
  public record SilentStep(String step, int metricsBefore, int metricsNow) {}

  /** One group's rows, as the overview groups series. */
  public record Group(String key, String title, List<DigestRow> rows) {

    /** The rows judged worse, better or within noise. */
    public List<DigestRow> judged() {
      return rows.stream().filter(r -> r.verdict() != Judgement.NOT_JUDGED).toList();
    }

    /** The rows not judged (a disturbed machine, too few JVMs, no earlier point). */
    public List<DigestRow> notJudged() {
      return rows.stream().filter(r -> r.verdict() == Judgement.NOT_JUDGED).toList();
    }
  }

  public RunDigest {
    largestRegressions = List.copyOf(largestRegressions);
    largestImprovements = List.copyOf(largestImprovements);
    rows = List.copyOf(rows);
    missing = List.copyOf(missing);
    skippedNotes = List.copyOf(skippedNotes);
    silentSteps = List.copyOf(silentSteps);
  }

  /** A digest of {@code rows}: counted, ordered by significance, the largest moves picked out. */
  static RunDigest of(
      DigestRun from,
      DigestRun to,
      boolean previous,
      String disturbedReason,
      List<DigestRow> rows,
      List<MissingSeries> missing,
      int newSeries,
      List<String> skippedNotes,
      List<SilentStep> silentSteps,
      String note) {
    List<DigestRow> ordered = new ArrayList<>(rows);
    ordered.sort(BY_SIGNIFICANCE);
    return new RunDigest(
        from,
        to,
        previous,
        disturbedReason,
        count(rows, Judgement.WORSE),
        count(rows, Judgement.BETTER),
        count(rows, Judgement.WITHIN_NOISE),
        count(rows, Judgement.NOT_JUDGED),
        largest(rows, Judgement.WORSE),
        largest(rows, Judgement.BETTER),
        ordered,
        missing,
        newSeries,
        skippedNotes,
        silentSteps,
        note);
  }

  /** Worse and better first, then within noise, then not judged; smaller q, then larger move. */
  static final Comparator<DigestRow> BY_SIGNIFICANCE =
      Comparator.comparingInt((DigestRow r) -> rank(r.verdict()))
          .thenComparingDouble(r -> r.qValue() == null ? 2 : r.qValue())
          .thenComparingDouble(r -> -Math.abs(size(r)))
          .thenComparing(DigestRow::seriesId);

  private static int rank(Judgement judgement) {
    return switch (judgement) {
      case WORSE, BETTER -> 0;
      case WITHIN_NOISE -> 1;
      case NOT_JUDGED -> 2;
    };
  }

  private static int count(List<DigestRow> rows, Judgement verdict) {
    return (int) rows.stream().filter(r -> r.verdict() == verdict).count();
  }

  /** How far a row moved: its change, else its change point's step, else 0. */
  private static double size(DigestRow r) {
    if (r.change() != null) {
      return r.change();
    }
    return r.changePoint() != null && r.changePoint().relativeChange() != null
        ? r.changePoint().relativeChange()
        : 0;
  }

  private static List<DigestRow> largest(List<DigestRow> rows, Judgement verdict) {
    return rows.stream()
        .filter(r -> r.verdict() == verdict)
        .sorted(
            Comparator.comparingDouble((DigestRow r) -> -Math.abs(size(r)))
                .thenComparing(DigestRow::seriesId))
        .limit(LARGEST)
        .toList();
  }

  /**
   * This digest with each row naming the change point found for its series, if any, counted and
   * ordered again by each row's verdict: the night's test and the detector together.
   */
  RunDigest withChangePoints(Map<Long, ChangePointRef> changePoints) {
    if (changePoints.isEmpty()) {
      return this;
    }
    return of(
        from,
        to,
        previous,
        disturbedReason,
        named(rows, changePoints),
        missing,
        newSeries,
        skippedNotes,
        silentSteps,
        note);
  }

  private static List<DigestRow> named(List<DigestRow> rows, Map<Long, ChangePointRef> refs) {
    return rows.stream()
        .map(r -> refs.containsKey(r.seriesId()) ? r.withChangePoint(refs.get(r.seriesId())) : r)
        .toList();
  }

  /**
   * The counted changes of one verdict by their evidence, e.g. "1 by the night's test, 1 by the
   * detector"; empty when there are none.
   */
  public String evidence(Judgement verdict) {
    Map<DigestRow.Evidence, Long> counts = new java.util.EnumMap<>(DigestRow.Evidence.class);
    for (DigestRow row : rows) {
      if (row.verdict() == verdict && row.evidence() != null) {
        counts.merge(row.evidence(), 1L, Long::sum);
      }
    }
    return counts.entrySet().stream()
        .map(e -> e.getValue() + " by " + e.getKey().label())
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** How many rows' own interval excludes 0 but not after the run-wide correction. */
  public long nominalOnly() {
    return rows.stream()
        .filter(r -> r.verdict() == Judgement.WITHIN_NOISE && r.nominalOnly())
        .count();
  }

  /**
   * How many of its series have a change suspected at this run, the morning after: later nights
   * confirm or withdraw each.
   */
  public long suspectedChanges() {
    return rows.stream()
        .filter(r -> r.changePoint() != null && r.changePoint().suspected())
        .count();
  }

  /** Every row in the overview's groups (in their order), each group by significance. */
  public List<Group> groups() {
    Map<TaskGroup, List<DigestRow>> byGroup = new LinkedHashMap<>();
    for (TaskGroup group : TaskGroup.values()) {
      byGroup.put(group, new ArrayList<>());
    }
    for (DigestRow row : rows) {
      byGroup.get(TaskGroup.byKey(row.group()).orElse(TaskGroup.OTHER)).add(row);
    }
    return byGroup.entrySet().stream()
        .filter(e -> !e.getValue().isEmpty())
        .map(e -> new Group(e.getKey().key(), e.getKey().title(), e.getValue()))
        .toList();
  }

  /** The rows whose verdict is {@code verdict}. */
  public List<DigestRow> rows(Judgement verdict) {
    return rows.stream().filter(((Predicate<DigestRow>) r -> r.verdict() == verdict)).toList();
  }

  /**
   * The commits between the two runs as a git remote's compare page names them ({@code a...b}): the
   * runs' commits, else the two releases' tags; null when neither is known.
   */
  public String compareRange() {
    if (from == null) {
      return null;
    }
    if (from.commitSha() != null && to.commitSha() != null) {
      return from.commitSha() + "..." + to.commitSha();
    }
    if (from.release() && to.release()) {
      return "releases/lucene/" + from.luceneVersion() + "...releases/lucene/" + to.luceneVersion();
    }
    return null;
  }

  /** Whether anything went silent: series missing, steps skipped or measuring nothing. */
  public boolean anythingSilent() {
    return !missing.isEmpty() || !skippedNotes.isEmpty() || !silentSteps.isEmpty();
  }
}
