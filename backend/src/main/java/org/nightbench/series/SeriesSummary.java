package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/** A series with how many points it has and its latest one, as the series list shows it. */
@Schema(description = "A series, its point count and its latest point (null while it has none)")
public record SeriesSummary(
    Series series, long pointCount, Instant latestX, Double latestValue, Double latestStddev) {}
