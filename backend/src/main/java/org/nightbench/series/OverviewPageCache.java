package org.nightbench.series;

import org.nightbench.web.AnonymousPageCache;
import org.springframework.stereotype.Component;

/**
 * The overview page as every anonymous reader gets it, rendered and gzipped once per version of the
 * data and query: 32 readers of the morning's page cost a version read each rather than a render
 * and a gzip of some 300 KB each.
 */
@Component
class OverviewPageCache extends AnonymousPageCache {

  private final SeriesService series;

  OverviewPageCache(SeriesService series) {
    super("/", "o");
    this.series = series;
  }

  @Override
  protected String version() {
    // Empty from a test's stand-in service: the page is then rendered every time.
    return series.overviewVersion();
  }
}
