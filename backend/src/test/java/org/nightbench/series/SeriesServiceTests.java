package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.web.NotFoundException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.annotation.Transactional;

/** The series service and repository on the real (embedded) PostgreSQL; each test rolls back. */
@SpringBootTest
@ActiveProfiles("test")
@Transactional
class SeriesServiceTests {

  private static final Instant DAY1 = Instant.parse("2024-06-01T00:00:00Z");
  private static final Instant DAY2 = Instant.parse("2024-06-02T00:00:00Z");
  private static final Instant DAY3 = Instant.parse("2024-06-03T00:00:00Z");

  @Autowired JdbcClient jdbc;
  @Autowired SeriesService service;

  SeriesTestData data;

  @BeforeEach
  void setUp() {
    data = new SeriesTestData(jdbc);
  }

  @Test
  void pointsComeInXOrderWithTheirRuns() {
    long series = data.series("search", "Term", "qps", "queries/s");
    long newer = data.run("10.2.2");
    long older = data.run("9.12.3");
    // Inserted out of order: the order must come from x, not from insertion or run id.
    data.point(series, newer, DAY2, 120.0, 3.0);
    data.point(series, older, DAY1, 100.0, null);

    SeriesPoints points = service.points(series);

    assertThat(points.seriesId()).isEqualTo(series);
    assertThat(points.columns())
        .containsExactly("x", "value", "stddev", "runId", "luceneSpec", "luceneVersion");
    assertThat(points.points())
        .containsExactly(
            new Point(DAY1.toEpochMilli(), 100.0, null, older, "maven:9.12.3", "9.12.3"),
            new Point(DAY2.toEpochMilli(), 120.0, 3.0, newer, "maven:10.2.2", "10.2.2"));
  }

  @Test
  void listGroupsByBenchmarkThenTaskWithCountAndLatestPoint() {
    long term = data.series("search", "Term", "qps", "queries/s");
    long and = data.series("search", "AndHighHigh", "qps", "queries/s");
    long index = data.series("indexing", "IndexDocs", "throughput", "docs/s");
    long run1 = data.run("9.12.3");
    long run2 = data.run("10.0.0");
    long run3 = data.run("10.2.2");
    data.point(term, run1, DAY1, 100.0, 1.0);
    data.point(term, run3, DAY3, 130.0, 2.5);
    data.point(term, run2, DAY2, 120.0, 2.0);

    List<SeriesGroup> groups = service.groupedByBenchmark();

    assertThat(groups).extracting(SeriesGroup::benchmark).containsSubsequence("indexing", "search");
    SeriesGroup search = group(groups, "search");
    assertThat(search.series()).extracting(s -> s.series().id()).containsSubsequence(and, term);
    SeriesSummary termSummary = summary(search, term);
    assertThat(termSummary.pointCount()).isEqualTo(3);
    assertThat(termSummary.latestX()).isEqualTo(DAY3);
    assertThat(termSummary.latestValue()).isEqualTo(130.0);
    assertThat(termSummary.latestStddev()).isEqualTo(2.5);
    assertThat(termSummary.series().title()).isEqualTo("search · Term · qps");

    SeriesSummary unmeasured = summary(group(groups, "indexing"), index);
    assertThat(unmeasured.pointCount()).isZero();
    assertThat(unmeasured.latestValue()).isNull();
    assertThat(unmeasured.latestX()).isNull();
  }

  @Test
  void unknownSeriesIsNotFound() {
    assertThatThrownBy(() -> service.get(Long.MAX_VALUE)).isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> service.points(Long.MAX_VALUE)).isInstanceOf(NotFoundException.class);
  }

  private static SeriesGroup group(List<SeriesGroup> groups, String benchmark) {
    return groups.stream().filter(g -> g.benchmark().equals(benchmark)).findFirst().orElseThrow();
  }

  private static SeriesSummary summary(SeriesGroup group, long id) {
    return group.series().stream().filter(s -> s.series().id() == id).findFirst().orElseThrow();
  }
}
