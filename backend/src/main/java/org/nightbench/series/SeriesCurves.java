package org.nightbench.series;

import java.sql.Array;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Finds the curves that belong to a series: same benchmark and task, measured by its runs. */
@Repository
class SeriesCurves {

  private final JdbcClient jdbc;

  SeriesCurves(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The curves of the newest run of the series that has any. */
  List<RunCurve> latest(Series series) {
    return jdbc.sql(
            "select c.run_id, c.position, c.name, c.x_label, c.labels from run_curve c"
                + " where c.run_id = (select m.run_id from measurement m"
                + "   join run_curve rc on rc.run_id = m.run_id and rc.benchmark = :benchmark"
                + "   and rc.task = :task where m.series_id = :series"
                + "   order by m.run_id desc limit 1)"
                + " and c.benchmark = :benchmark and c.task = :task order by c.position")
        .param("series", series.id())
        .param("benchmark", series.benchmark())
        .param("task", series.task())
        .query(
            (rs, n) ->
                new RunCurve(
                    rs.getLong("run_id"),
                    rs.getInt("position"),
                    rs.getString("name"),
                    rs.getString("x_label"),
                    strings(rs.getArray("labels"))))
        .list();
  }

  private static List<String> strings(Array array) throws SQLException {
    return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
  }
}
