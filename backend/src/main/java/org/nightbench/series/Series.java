package org.nightbench.series;

import com.fasterxml.jackson.annotation.JsonProperty;
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

  /** The key of the series' {@link TaskGroup}, e.g. {@code boolean}. */
  @JsonProperty("group")
  @Schema(example = "boolean", description = "The group of the nightly pages the series is in")
  public String group() {
    return taskGroup().key();
  }

  /** The heading of the series' {@link TaskGroup}, e.g. {@code Boolean}. */
  @JsonProperty("groupTitle")
  @Schema(example = "Boolean")
  public String groupTitle() {
    return taskGroup().title();
  }

  TaskGroup taskGroup() {
    return TaskGroup.of(benchmark, task);
  }

  /** The title pages show, e.g. {@code search · Term · qps}. */
  public String title() {
    return benchmark + " · " + task + " · " + metric;
  }
}
