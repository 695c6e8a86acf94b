package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The series of one {@link TaskGroup} (e.g. Boolean or Stored fields), in task order. */
@Schema(description = "The series of one group of the nightly pages, ordered by task and identity")
public record SeriesGroup(
    @Schema(example = "boolean", description = "The group's key, as in /?group=") String group,
    @Schema(example = "Boolean") String title,
    List<SeriesSummary> series) {

  public SeriesGroup {
    series = List.copyOf(series);
  }

  SeriesGroup(TaskGroup group, List<SeriesSummary> series) {
    this(group.key(), group.title(), series);
  }
}
