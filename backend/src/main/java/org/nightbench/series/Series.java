package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;

/** The identity of one series: results are only ever compared within one series. */
@Schema(description = "One benchmark series: what is measured, and where and how")
public record Series(
    long id,
    @Schema(example = "search") String benchmark,
    @Schema(example = "Term") String task,
    @Schema(example = "qps") String metric,
    @Schema(example = "queries/s") String unit,
    boolean higherIsBetter,
    String machine,
    @Schema(example = "17.0.15") String jdk,
    String corpus,
    String profile) {

  /** The title pages show, e.g. {@code search · Term · qps}. */
  public String title() {
    return benchmark + " · " + task + " · " + metric;
  }
}
