package org.nightbench.changepoints;

import java.util.List;
import org.nightbench.web.AnonymousPageCache;
import org.springframework.stereotype.Component;

/**
 * {@code /alerts} as every anonymous reader gets it, rendered and gzipped once per version of the
 * alerts and what higher packages add to the page (bisects: {@link AlertsPageContent}) and per
 * query (filters, page): a morning's readers cost a version read each instead of a render of the
 * page each.
 */
@Component
class AlertsPageCache extends AnonymousPageCache {

  private final ChangePointService changePoints;
  private final List<AlertsPageContent> contents;

  AlertsPageCache(ChangePointService changePoints, List<AlertsPageContent> contents) {
    super("/alerts", "a");
    this.changePoints = changePoints;
    this.contents = contents;
  }

  @Override
  protected String version() {
    StringBuilder version = new StringBuilder(changePoints.alertsVersion());
    for (AlertsPageContent content : contents) {
      version.append('|').append(content.version());
    }
    return version.toString();
  }
}
