package org.nightbench.bisect;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.nightbench.changepoints.Alert;
import org.nightbench.changepoints.AlertsPageContent;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The bisects the alerts and series pages show, as {@code @bisectPanels} in their templates: those
 * pages' controllers sit below the bisect and may not know it, so the template asks here, once per
 * page (a few queries whatever the number of alerts), and draws each with {@code bisects/panel}.
 */
@Component("bisectPanels")
class BisectPanels implements AlertsPageContent {

  private final BisectService bisects;
  private final JdbcClient jdbc;

  BisectPanels(BisectService bisects, JdbcClient jdbc) {
    this.bisects = bisects;
    this.jdbc = jdbc;
  }

  /**
   * The bisects' version for the alerts page's cache: counts and the sums of a hash of each whole
   * row, so any write to them changes it.
   */
  @Override
  public String version() {
    return jdbc.sql(
            "select concat_ws('|',"
                + " (select concat_ws(',', count(*), sum(hashtext(b::text))) from bisect b),"
                + " (select concat_ws(',', count(*), sum(hashtext(p::text))) from bisect_probe p),"
                + " (select concat_ws(',', count(*), sum(hashtext(c::text))) from bisect_commit c))")
        .query(String.class)
        .single();
  }

  /**
   * Per change point id, the bisects of the alerts shown, grouped as the alerts page groups them.
   */
  public Map<Long, List<BisectView>> ofAlerts(Collection<? extends Collection<Alert>> groups) {
    return bisects.viewsForChangePoints(
        groups.stream().flatMap(Collection::stream).map(Alert::id).distinct().toList());
  }

  /** A series' bisects, newest first. */
  public List<BisectView> ofSeries(long seriesId) {
    return bisects.viewsForSeries(seriesId);
  }
}
