package org.nightbench.bisect;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a client asks to bisect: two commits and one measurement, or a change point (which gives all
 * of them), or a series with two of its runs.
 *
 * @param good a commit (branch, tag or sha) that measures well; with {@code bad}
 * @param changePointId an alert of a {@code git:} series: its range and measurement
 * @param seriesId with {@code goodRunId} and {@code badRunId}: two points of a {@code git:} series
 * @param jvms JVMs per side of each comparison to start with (default 5)
 * @param maxJvms the most JVMs an unknown probe may grow to (default 20)
 * @param profiles the older spelling of {@code jfr}, still accepted
 * @param jfr true to have each probe's comparison record a JFR profile of both sides, as a
 *     comparison's {@code "jfr": true}
 */
@Schema(description = "A bisect to start")
public record BisectRequest(
    @Schema(example = "3f2a9c1") String good,
    @Schema(example = "main") String bad,
    @Schema(example = "search") String benchmark,
    @Schema(example = "OrHighHigh") String task,
    @Schema(example = "qps") String metric,
    Long changePointId,
    Long seriesId,
    Long goodRunId,
    Long badRunId,
    String profile,
    String corpus,
    Integer jvms,
    Integer maxJvms,
    Boolean profiles,
    Boolean jfr) {

  /** The same asked for the older way, JFR profiles as {@code profiles}. */
  public BisectRequest(
      String good,
      String bad,
      String benchmark,
      String task,
      String metric,
      Long changePointId,
      Long seriesId,
      Long goodRunId,
      Long badRunId,
      String profile,
      String corpus,
      Integer jvms,
      Integer maxJvms,
      Boolean profiles) {
    this(
        good,
        bad,
        benchmark,
        task,
        metric,
        changePointId,
        seriesId,
        goodRunId,
        badRunId,
        profile,
        corpus,
        jvms,
        maxJvms,
        profiles,
        null);
  }

  /** Whether each probe records JFR profiles: {@code jfr}, or {@code profiles} as it was called. */
  public boolean recordsJfr() {
    return Boolean.TRUE.equals(jfr) || Boolean.TRUE.equals(profiles);
  }

  /** Two commits and a measurement, the rest as defaults. */
  public static BisectRequest ofCommits(
      String good, String bad, String benchmark, String task, String metric) {
    return new BisectRequest(
        good, bad, benchmark, task, metric, null, null, null, null, null, null, null, null, null);
  }
}
