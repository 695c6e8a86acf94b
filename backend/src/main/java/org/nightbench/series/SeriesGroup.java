package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** All series of one benchmark (e.g. indexing or search), in task order. */
@Schema(description = "The series of one benchmark, ordered by task, metric and identity")
public record SeriesGroup(String benchmark, List<SeriesSummary> series) {}
