package org.nightbench.series;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.nightbench.series.digest.DigestService;
import org.nightbench.web.NotFoundException;
import org.springframework.stereotype.Service;

/** What the API and the pages know about series; both go through here, never to the database. */
@Service
public class SeriesService {

  private final SeriesRepository repository;
  private final SeriesCurves curves;
  private final SummarySnapshots snapshots;
  private final DigestService digests;

  SeriesService(
      SeriesRepository repository,
      SeriesCurves curves,
      SummarySnapshots snapshots,
      DigestService digests) {
    this.repository = repository;
    this.curves = curves;
    this.snapshots = snapshots;
    this.digests = digests;
  }

  /**
   * The curves the series' newest run measured for the same benchmark and task (an NRT variant's
   * reopen latencies, a load sweep's percentiles); empty for series whose benchmark draws none.
   */
  public List<RunCurve> latestCurves(Series series) {
    return curves.latest(series);
  }

  /**
   * The version of everything the overview page shows (the series' summaries and the morning
   * digest): two reads of it that are equal saw the same page.
   */
  public String overviewVersion() {
    return repository.findSummariesVersion() + "|" + digests.version();
  }

  /** Every series, grouped as the nightly pages group them; series in task order. */
  public List<SeriesGroup> grouped() {
    return snapshots.current().groups();
  }

  /**
   * The overview's rows for {@code filter}: every matching series of the chosen group, else the
   * first {@link Overview#ROWS_PER_GROUP} of each group in the filter's order.
   */
  public Overview overview(OverviewFilter filter) {
    SummarySnapshots.Snapshot snapshot = snapshots.current();
    List<Overview.Group> groups = new ArrayList<>();
    int total = 0;
    int matching = 0;
    int shown = 0;
    int unlisted = 0;
    for (SeriesGroup group : snapshot.groups()) {
      total += group.series().size();
      TaskGroup taskGroup = TaskGroup.byKey(group.group()).orElseThrow();
      if (filter.group() != null && filter.group() != taskGroup) {
        continue;
      }
      List<SeriesSummary> rows = new ArrayList<>();
      for (SeriesSummary summary : group.series()) {
        if (filter.matches(summary)) {
          rows.add(summary);
        } else if (filter.leavesOffUnasked(summary)) {
          unlisted++;
        }
      }
      if (rows.isEmpty()) {
        continue;
      }
      Comparator<SeriesSummary> order = order(filter.sort());
      if (order != null) {
        rows.sort(order);
      }
      int limit = filter.group() != null ? rows.size() : Overview.ROWS_PER_GROUP;
      List<SeriesSummary> cut = List.copyOf(rows.subList(0, Math.min(limit, rows.size())));
      groups.add(new Overview.Group(taskGroup, cut, rows.size()));
      matching += rows.size();
      shown += cut.size();
    }
    List<TaskGroup> available =
        snapshot.groups().stream()
            .map(group -> TaskGroup.byKey(group.group()).orElseThrow())
            .toList();
    return new Overview(
        filter,
        groups,
        available,
        snapshot.machines(),
        total,
        matching,
        shown,
        snapshot.version(),
        unlisted);
  }

  /** Biggest moves first, either way; series without a change last; null keeps name order. */
  private static Comparator<SeriesSummary> order(OverviewFilter.Sort sort) {
    return switch (sort) {
      case NAME -> null;
      case PREVIOUS -> Comparator.comparingDouble(s -> -magnitude(s.changeVsPrevious()));
      case MONTH -> Comparator.comparingDouble(s -> -magnitude(s.changeVs30Days()));
    };
  }

  private static double magnitude(Double change) {
    return change == null || change.isNaN() ? -1 : Math.abs(change);
  }

  /**
   * The KNN page's charts for one setting (machine, JDK, corpus and profile; any left null takes
   * the setting measured most recently): a chart per KNN metric, a line per format and fanout.
   */
  public KnnPage knn(String machine, String jdk, String corpus, String profile) {
    KnnPage.Setting wanted =
        machine == null || jdk == null || corpus == null || profile == null
            ? null
            : new KnnPage.Setting(machine, jdk, corpus, profile);
    return KnnPage.of(repository.findKnnSeries(), wanted);
  }

  /** One series, or {@link NotFoundException} when there is no series with that id. */
  public Series get(long id) {
    return repository.findById(id).orElseThrow(() -> new NotFoundException("No series " + id));
  }

  /** The points of one series in x order, or {@link NotFoundException} for an unknown id. */
  public SeriesPoints points(long id) {
    get(id);
    return new SeriesPoints(id, repository.findPoints(id));
  }

  /**
   * Series worth drawing with {@code id}: same benchmark and metric, its own task first, then its
   * own group's, then the rest.
   */
  public List<Series> related(long id) {
    Series of = get(id);
    TaskGroup group = TaskGroup.of(of.benchmark(), of.task());
    List<Series> related = new ArrayList<>(repository.findRelated(of));
    // Stable: within each rank the repository's name order stays.
    related.sort(
        Comparator.comparingInt(
            (Series s) ->
                s.task().equals(of.task())
                    ? 0
                    : TaskGroup.of(s.benchmark(), s.task()) == group ? 1 : 2));
    return related.subList(0, Math.min(RELATED, related.size()));
  }

  /**
   * The QPS figures of the same queries, {@code series} included, in {@link
   * MetricVocabulary#QPS_FIGURES}' order: the series page's way to a figure the overview does not
   * list ({@code qpsLuceneutil}). Empty for a series that is not a search QPS figure.
   */
  public List<Series> qpsFigures(Series series) {
    if (MetricVocabulary.describe(series.benchmark(), series.metric()).isEmpty()) {
      return List.of();
    }
    return repository.findSameTask(series).stream()
        .filter(s -> MetricVocabulary.QPS_FIGURES.contains(s.metric()))
        .sorted(Comparator.comparingInt(s -> MetricVocabulary.QPS_FIGURES.indexOf(s.metric())))
        .toList();
  }

  /** How many related series the series page offers at most. */
  static final int RELATED = 60;

  /**
   * The points one run added, each with the same series' point in the previous comparable run (the
   * digest's, in the series' own order); empty for a run that has not succeeded.
   */
  public List<RunMeasurement> measurementsOfRun(long runId) {
    return repository.findMeasurementsOfRun(runId, digests.previousRunId(runId).orElse(null));
  }
}
