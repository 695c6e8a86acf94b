package org.nightbench.changepoints;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/** Reads the change points the detector stored. */
@Service
public class ChangePointService {

  private final JdbcClient jdbc;

  ChangePointService(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Every change point of one series, in x order, whatever its triage state. */
  public List<ChangePoint> forSeries(long seriesId) {
    return jdbc.sql(
            "select id, series_id, run_id, previous_run_id, x, mean_before, mean_after,"
                + " relative_change, p_value, direction, state, assignee"
                + " from change_point where series_id = ? order by x, id")
        .param(seriesId)
        .query(
            (rs, row) ->
                new ChangePoint(
                    rs.getLong("id"),
                    rs.getLong("series_id"),
                    rs.getLong("run_id"),
                    rs.getObject("previous_run_id", Long.class),
                    rs.getTimestamp("x").toInstant(),
                    rs.getDouble("mean_before"),
                    rs.getDouble("mean_after"),
                    rs.getDouble("relative_change"),
                    rs.getObject("p_value", Double.class),
                    rs.getString("direction"),
                    rs.getString("state"),
                    rs.getString("assignee")))
        .list();
  }
}
