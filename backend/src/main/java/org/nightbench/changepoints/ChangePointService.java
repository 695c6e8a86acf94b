package org.nightbench.changepoints;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import org.nightbench.web.NotFoundException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The change points the detector stored, as charts and the alerts page read them, and triage. */
@Service
public class ChangePointService {

  private static final int MAX_ASSIGNEE = 100;
  private static final int MAX_NOTE = 2000;

  private final JdbcClient jdbc;
  private final AlertRepository alerts;

  ChangePointService(JdbcClient jdbc, AlertRepository alerts) {
    this.jdbc = jdbc;
    this.alerts = alerts;
  }

  /** The alerts the filter asks for, newest first, a commit range's together. */
  public List<Alert> alerts(AlertFilter filter) {
    return alerts.find(filter, 0);
  }

  /** As {@link #alerts(AlertFilter)}, skipping the first {@code offset}: a later page's. */
  public List<Alert> alerts(AlertFilter filter, int offset) {
    return alerts.find(filter, offset);
  }

  /**
   * The version of everything {@code /alerts} shows: any new, triaged or removed change point and
   * any change of a bisect changes it.
   */
  public String alertsVersion() {
    return alerts.version();
  }

  /** One alert, or {@link NotFoundException}. */
  public Alert alert(long id) {
    return alerts.find(id).orElseThrow(() -> new NotFoundException("No change point " + id));
  }

  /** Machines with change points, for the filters. */
  public List<String> machines() {
    return alerts.distinct("machine");
  }

  /** Benchmark groups with change points, for the filters. */
  public List<String> benchmarks() {
    return alerts.distinct("benchmark");
  }

  /**
   * Applies one triage to several alerts at once (typically those of one commit range), recording
   * who and when; all or none, with a one-line error for a bad state, an unknown annotation or an
   * unknown id.
   */
  @Transactional
  public int triage(List<Long> ids, Triage triage, String user) {
    if (ids == null || ids.isEmpty()) {
      throw new IllegalArgumentException("no change points chosen");
    }
    Triage checked =
        new Triage(
            triage.state() == null ? null : TriageState.parse(triage.state()).stored(),
            limited("assignee", triage.assignee(), MAX_ASSIGNEE),
            limited("note", triage.note(), MAX_NOTE),
            triage.annotationId());
    if (checked.annotationId() != null && !alerts.annotationExists(checked.annotationId())) {
      throw new IllegalArgumentException("no annotation " + checked.annotationId());
    }
    List<Long> distinct = List.copyOf(new LinkedHashSet<>(ids));
    List<Long> missing = alerts.missing(distinct);
    if (!missing.isEmpty()) {
      // Checked first: a bulk action from a stale page changes nothing.
      throw new NotFoundException("No change point " + missing.get(0));
    }
    return alerts.update(distinct, checked, user);
  }

  private static String limited(String what, String text, int max) {
    if (text != null && text.length() > max) {
      throw new IllegalArgumentException(what + " too long: at most " + max + " characters");
    }
    return text == null ? null : text.strip();
  }

  private static final String CHANGE_POINT =
      "select id, series_id, run_id, previous_run_id, x, mean_before, mean_after,"
          + " relative_change, p_value, effect_sigma, noise_sigma, serial_correlation,"
          + " direction, stage, state, assignee, kind, drift_last_run_id, drift_nights, drift_slope"
          + " from change_point";

  /** Every change point of one series, in x order, whatever its stage and triage state. */
  public List<ChangePoint> forSeries(long seriesId) {
    return jdbc.sql(CHANGE_POINT + " where series_id = ? order by x, id")
        .param(seriesId)
        .query(ChangePointService::changePoint)
        .list();
  }

  /**
   * The suspected and confirmed change points of {@code seriesIds} whose new level starts at or
   * after {@code from} (e.g. the x of a digest's older run), whatever their triage state, by series
   * and x: what the morning digest shows as "suspected" or "confirmed" beside a series. Withdrawn
   * ones are left out.
   */
  public List<ChangePoint> changesSince(Collection<Long> seriesIds, Instant from) {
    if (seriesIds.isEmpty()) {
      return List.of();
    }
    return jdbc.sql(
            CHANGE_POINT
                + " where series_id = any(?) and x >= ? and stage <> 'withdrawn'"
                + " order by series_id, x, id")
        .params(seriesIds.toArray(Long[]::new), Timestamp.from(from))
        .query(ChangePointService::changePoint)
        .list();
  }

  private static ChangePoint changePoint(ResultSet rs, int row) throws SQLException {
    return new ChangePoint(
        rs.getLong("id"),
        rs.getLong("series_id"),
        rs.getLong("run_id"),
        rs.getObject("previous_run_id", Long.class),
        rs.getTimestamp("x").toInstant(),
        rs.getDouble("mean_before"),
        rs.getDouble("mean_after"),
        rs.getDouble("relative_change"),
        rs.getObject("p_value", Double.class),
        rs.getObject("effect_sigma", Double.class),
        rs.getObject("noise_sigma", Double.class),
        rs.getObject("serial_correlation", Double.class),
        rs.getString("direction"),
        rs.getString("stage"),
        rs.getString("state"),
        rs.getString("assignee"),
        rs.getString("kind"),
        rs.getObject("drift_last_run_id", Long.class),
        rs.getObject("drift_nights", Integer.class),
        rs.getObject("drift_slope", Double.class));
  }
}
