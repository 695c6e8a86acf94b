package org.nightbench.series;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.web.NotFoundException;
import org.springframework.stereotype.Service;

/** What the API and the pages know about series; both go through here, never to the database. */
@Service
public class SeriesService {

  private final SeriesRepository repository;
  private final SeriesCurves curves;

  SeriesService(SeriesRepository repository, SeriesCurves curves) {
    this.repository = repository;
    this.curves = curves;
  }

  /**
   * The curves the series' newest run measured for the same benchmark and task (an NRT variant's
   * reopen latencies, a load sweep's percentiles); empty for series whose benchmark draws none.
   */
  public List<RunCurve> latestCurves(Series series) {
    return curves.latest(series);
  }

  /** Every series, grouped by benchmark in the nightly pages' order; series in task order. */
  public List<SeriesGroup> groupedByBenchmark() {
    Map<String, List<SeriesSummary>> byBenchmark = new LinkedHashMap<>();
    for (SeriesSummary summary : repository.findAllSummaries()) {
      byBenchmark
          .computeIfAbsent(summary.series().benchmark(), benchmark -> new ArrayList<>())
          .add(summary);
    }
    return byBenchmark.entrySet().stream()
        .map(group -> new SeriesGroup(group.getKey(), List.copyOf(group.getValue())))
        .sorted(
            Comparator.comparingInt((SeriesGroup group) -> SeriesGroup.rank(group.benchmark()))
                .thenComparing(SeriesGroup::benchmark))
        .toList();
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

  /** Series worth drawing with {@code id}: same benchmark and metric, its own task first. */
  public List<Series> related(long id) {
    return repository.findRelated(get(id));
  }

  /** The points one run added, empty for a run that has not succeeded. */
  public List<RunMeasurement> measurementsOfRun(long runId) {
    return repository.findMeasurementsOfRun(runId);
  }
}
