package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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
        .containsExactly(
            "x", "value", "stddev", "runId", "luceneSpec", "luceneVersion", "disturbedReason");
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

    List<SeriesGroup> groups = service.grouped();

    // The nightly pages' groups, in their order: indexing, then term queries, then boolean ones.
    assertThat(groups)
        .extracting(SeriesGroup::group)
        .containsSubsequence("indexing", "term", "boolean");
    assertThat(groups).extracting(SeriesGroup::title).contains("Term queries", "Boolean");
    assertThat(group(groups, "boolean").series()).extracting(s -> s.series().id()).contains(and);
    SeriesSummary termSummary = summary(group(groups, "term"), term);
    assertThat(termSummary.pointCount()).isEqualTo(3);
    assertThat(termSummary.latestX()).isEqualTo(DAY3);
    assertThat(termSummary.latestValue()).isEqualTo(130.0);
    assertThat(termSummary.latestStddev()).isEqualTo(2.5);
    assertThat(termSummary.series().title()).isEqualTo("search · Term · qps");
    assertThat(termSummary.firstX()).isEqualTo(DAY1);
    assertThat(termSummary.recentValues()).containsExactly(100.0, 120.0, 130.0);
    assertThat(termSummary.changeVsPrevious()).isCloseTo(130.0 / 120.0 - 1, within(1e-12));
    assertThat(termSummary.openChangePoints()).isZero();

    SeriesSummary unmeasured = summary(group(groups, "indexing"), index);
    assertThat(unmeasured.pointCount()).isZero();
    assertThat(unmeasured.latestValue()).isNull();
    assertThat(unmeasured.latestX()).isNull();
  }

  @Test
  void aMonthAgoIsTheNewestPointAtLeastThirtyDaysOlderAndOpenAlertsAreCounted() {
    long series = data.series("nrt", "plain", "reopenP99Ms", "ms");
    jdbc.sql("update series set higher_is_better = false where id = ?").param(series).update();
    long old = data.run("9.12.3");
    long month = data.run("10.0.0");
    long recent = data.run("10.1.0");
    long latest = data.run("10.2.2");
    data.point(series, old, Instant.parse("2024-04-01T00:00:00Z"), 50.0, null);
    data.point(series, month, Instant.parse("2024-05-04T00:00:00Z"), 80.0, null);
    data.point(series, recent, Instant.parse("2024-05-20T00:00:00Z"), 90.0, null);
    data.point(series, latest, DAY3, 100.0, 4.0);
    jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction, state) values"
                + " (:s, :r1, now(), 80, 90, 0.125, 'regression', 'untriaged'),"
                + " (:s, :r2, now(), 90, 100, 0.11, 'regression', 'invalid')")
        .param("s", series)
        .param("r1", recent)
        .param("r2", latest)
        .update();

    SeriesSummary summary =
        service.grouped().stream()
            .flatMap(group -> group.series().stream())
            .filter(s -> s.series().id() == series)
            .findFirst()
            .orElseThrow();

    assertThat(summary.changeVs30Days()).isCloseTo(100.0 / 80.0 - 1, within(1e-12));
    assertThat(summary.worseThanAMonthAgo()).as("reopen latency went up").isTrue();
    assertThat(summary.latestRunId()).isEqualTo(latest);
    assertThat(summary.openChangePoints()).as("the invalid one is closed").isEqualTo(1);
  }

  @Test
  void theSeriesRowCountsItsPointsAsRunsComeAndGo() {
    long series = data.series("pk", "random", "lookupsPerSec", "lookups/s");
    long first = data.run("9.12.3");
    long second = data.run("10.0.0");
    data.point(series, first, DAY1, 1.0, null);
    data.point(series, second, DAY2, 2.0, null);
    assertThat(counted(series)).isEqualTo("2 " + DAY1 + " " + DAY2);

    jdbc.sql("delete from run where id = ?").param(second).update();

    assertThat(counted(series)).isEqualTo("1 " + DAY1 + " " + DAY1);
  }

  private String counted(long series) {
    return jdbc.sql("select point_count, first_x, last_x from series where id = ?")
        .param(series)
        .query(
            (rs, row) ->
                rs.getLong(1)
                    + " "
                    + rs.getTimestamp(2).toInstant()
                    + " "
                    + rs.getTimestamp(3).toInstant())
        .single();
  }

  @Test
  void theOverviewCutsEachGroupToAFewRowsAndShowsAChosenGroupInFull() {
    int many = Overview.ROWS_PER_GROUP + 3;
    for (int i = 0; i < many; i++) {
      data.series("search", "FilteredTerm", "qps", "queries/s", "cut-" + i);
    }
    data.series("search", "TermGroup100", "qps", "queries/s", "cut-0");

    Overview all = service.overview(OverviewFilter.parse(null, null, "cut-", null));
    Overview.Group filtered = overviewGroup(all, TaskGroup.FILTERED);
    assertThat(filtered.rows()).hasSize(Overview.ROWS_PER_GROUP);
    assertThat(filtered.matching()).isEqualTo(many);
    assertThat(filtered.hidden()).isEqualTo(3);
    assertThat(overviewGroup(all, TaskGroup.GROUPING).rows()).hasSize(1);
    assertThat(all.matching()).isEqualTo(many + 1);
    assertThat(all.shown()).isEqualTo(Overview.ROWS_PER_GROUP + 1);

    Overview chosen = service.overview(OverviewFilter.parse("filtered", null, "cut-", null));
    assertThat(chosen.groups())
        .extracting(Overview.Group::group)
        .containsExactly(TaskGroup.FILTERED);
    assertThat(chosen.groups().get(0).rows()).hasSize(many);
    assertThat(chosen.available()).contains(TaskGroup.FILTERED, TaskGroup.GROUPING);

    Overview oneMachine = service.overview(OverviewFilter.parse(null, "cut-3", null, null));
    assertThat(oneMachine.groups()).singleElement().satisfies(g -> assertThat(g.rows()).hasSize(1));
  }

  @Test
  void theOverviewSeesNewPointsAndTriageAtOnce() {
    long series = data.series("search", "CountTerm", "qps", "queries/s", "fresh");
    long first = data.run("10.0.0");
    data.point(series, first, DAY1, 10.0, null);
    assertThat(latest(series).latestValue()).isEqualTo(10.0);

    long second = data.run("10.1.0");
    data.point(series, second, DAY2, 20.0, null);
    assertThat(latest(series).latestValue()).as("a new point, not the cached one").isEqualTo(20.0);

    jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction, state) values"
                + " (?, ?, now(), 10, 20, 1, 'improvement', 'untriaged')")
        .params(series, second)
        .update();
    assertThat(latest(series).openChangePoints()).isEqualTo(1);
    jdbc.sql("update change_point set state = 'confirmed' where series_id = ?")
        .param(series)
        .update();
    assertThat(latest(series).openChangePoints()).as("triaged: closed").isZero();
  }

  @Test
  void badOverviewFiltersAreRefusedNamingTheProblem() {
    assertThatThrownBy(() -> OverviewFilter.parse("nope", null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown group 'nope'");
    assertThatThrownBy(() -> OverviewFilter.parse(null, null, null, "fastest"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown sort 'fastest'");
    assertThatThrownBy(() -> OverviewFilter.parse(null, null, "x".repeat(201), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("q must be at most 200 characters, not 201");
  }

  private SeriesSummary latest(long id) {
    return service.overview(OverviewFilter.ALL).groups().stream()
        .flatMap(group -> group.rows().stream())
        .filter(s -> s.series().id() == id)
        .findFirst()
        .orElseThrow();
  }

  private static Overview.Group overviewGroup(Overview overview, TaskGroup group) {
    return overview.groups().stream().filter(g -> g.group() == group).findFirst().orElseThrow();
  }

  @Test
  void unknownSeriesIsNotFound() {
    assertThatThrownBy(() -> service.get(Long.MAX_VALUE)).isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> service.points(Long.MAX_VALUE)).isInstanceOf(NotFoundException.class);
  }

  private static SeriesGroup group(List<SeriesGroup> groups, String key) {
    return groups.stream().filter(g -> g.group().equals(key)).findFirst().orElseThrow();
  }

  private static SeriesSummary summary(SeriesGroup group, long id) {
    return group.series().stream().filter(s -> s.series().id() == id).findFirst().orElseThrow();
  }
}
