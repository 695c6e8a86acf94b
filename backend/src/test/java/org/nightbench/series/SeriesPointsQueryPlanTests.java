package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The points query at production size: one of twenty series with fifteen years of nights each is
 * read through an index, not by scanning the whole measurement table.
 *
 * <p>Not transactional: a realistic plan needs VACUUM ANALYZE, which cannot run inside a
 * transaction; the test deletes what it wrote.
 */
@SpringBootTest
@ActiveProfiles("test")
class SeriesPointsQueryPlanTests {

  private static final int NIGHTS = 5500;
  private static final int SERIES = 20;

  @Autowired JdbcClient jdbc;
  @Autowired SeriesService service;

  private final List<Long> series = new ArrayList<>();
  private final List<Long> runs = new ArrayList<>();

  @AfterEach
  void deleteWhatWasWritten() {
    jdbc.sql("delete from measurement where series_id = any(?)")
        .param(series.toArray(Long[]::new))
        .update();
    jdbc.sql("delete from series where id = any(?)").param(series.toArray(Long[]::new)).update();
    jdbc.sql("delete from run where id = any(?)").param(runs.toArray(Long[]::new)).update();
  }

  @Test
  void fifteenYearsOfNightsAreReadThroughTheSeriesIndex() {
    SeriesTestData data = new SeriesTestData(jdbc);
    for (int i = 0; i < SERIES; i++) {
      series.add(data.series("search", "PlanTask" + i, "qps", "queries/s"));
    }
    runs.addAll(
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " select 'maven:9.' || n, '9.' || n, 'bench-1', 'nightly', 'c', 'succeeded'"
                    + " from generate_series(1, ?) n returning id")
            .param(NIGHTS)
            .query(Long.class)
            .list());
    // Laid out as ingestion lays it out: run by run, every series of a run together.
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " select s, r, timestamptz '2010-01-01' + r * interval '1 day', 100 + r % 7, 1,"
                + " array[100]::double precision[]"
                + " from unnest(?) r cross join unnest(?) s order by r, s")
        .params(runs.toArray(Long[]::new), series.toArray(Long[]::new))
        .update();
    jdbc.sql("vacuum analyze measurement").update();
    jdbc.sql("vacuum analyze run").update();

    String plan =
        String.join(
            "\n",
            jdbc.sql("explain (costs off) " + SeriesRepository.POINTS_SQL)
                .param(series.get(0))
                .query(String.class)
                .list());

    // Which index wins depends on the visibility map: the covering measurement_series_x_idx once
    // autovacuum has marked the pages all-visible, the primary key (series_id, run_id) before.
    // Either way one series is read through an index, never by scanning every measurement.
    assertThat(plan)
        .as(plan)
        .contains("Index Cond: (series_id = ")
        .doesNotContain("Seq Scan on measurement");
    List<Point> points = service.points(series.get(0)).points();
    assertThat(points).hasSize(NIGHTS);
    assertThat(points).extracting(Point::x).isSorted();
  }
}
