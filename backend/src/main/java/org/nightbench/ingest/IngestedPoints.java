package org.nightbench.ingest;

import java.util.Map;

/**
 * What {@link ResultIngester#ingestPoints} stored of many runs.
 *
 * @param points how many points were stored
 * @param seriesIds every series a point went to, by its identity
 */
public record IngestedPoints(long points, Map<SeriesIdentity, Long> seriesIds) {

  public IngestedPoints {
    seriesIds = Map.copyOf(seriesIds);
  }
}
