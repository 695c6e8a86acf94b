package org.nightbench.changepoints;

import org.nightbench.web.AnonymousPageCache;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * {@code /alerts} as every anonymous reader gets it, rendered and gzipped once per version of the
 * alerts and what higher packages add to the page (bisects: {@link AlertsPageContent}) and per
 * query (filters, page): a morning's readers cost a version read each instead of a render of the
 * page each.
 */
@Component
class AlertsPageCache extends AnonymousPageCache {

  private final ObjectProvider<ChangePointService> changePoints;
  private final ObjectProvider<AlertsPageContent> contents;

  // Looked up when asked: a controller slice of the tests holds this filter but no service.
  AlertsPageCache(
      ObjectProvider<ChangePointService> changePoints, ObjectProvider<AlertsPageContent> contents) {
    super("/alerts", "a");
    this.changePoints = changePoints;
    this.contents = contents;
  }

  @Override
  protected String version() {
    ChangePointService service = changePoints.getIfAvailable();
    String alerts = service == null ? null : service.alertsVersion();
    if (alerts == null) {
      return null; // rendered every time
    }
    StringBuilder version = new StringBuilder(alerts);
    contents.orderedStream().forEach(content -> version.append('|').append(content.version()));
    return version.toString();
  }
}
