package org.nightbench.bisect;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.nightbench.changepoints.Alert;
import org.springframework.stereotype.Component;

/**
 * The bisects the alerts and series pages show, as {@code @bisectPanels} in their templates: those
 * pages' controllers sit below the bisect and may not know it, so the template asks here, once per
 * page (a few queries whatever the number of alerts), and draws each with {@code bisects/panel}.
 */
@Component("bisectPanels")
class BisectPanels {

  private final BisectService bisects;

  BisectPanels(BisectService bisects) {
    this.bisects = bisects;
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
