package org.nightbench.ingest;

import java.util.List;

/**
 * What {@link ResultIngester#ingest} stored of one run, and what the run's row should say about it.
 *
 * @param points how many points were stored
 * @param seriesIds every series the run added a point to
 * @param notes the harness's remarks in the result files, each once, in order
 * @param environmentJson the run's environment as JSON: the context's facts, the Lucene revision
 *     and the machine the harness saw
 */
public record Ingested(
    int points, List<Long> seriesIds, List<String> notes, String environmentJson) {

  public Ingested {
    seriesIds = List.copyOf(seriesIds);
    notes = List.copyOf(notes);
  }
}
