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

  /**
   * What query the task is, in one short line (e.g. {@code +high-freq +high-freq}); null where
   * {@link TaskVocabulary} has no words for it.
   */
  @JsonProperty("description")
  @Schema(
      example = "+high-freq +high-freq",
      nullable = true,
      description = "What query the task category is, in luceneutil's words")
  public String description() {
    return TaskVocabulary.describe(task).orElse(null);
  }

  /**
   * luceneutil's names of this task where they differ from Nightbench's, e.g. TermDTSortSkipper.
   */
  @JsonProperty("luceneutilNames")
  @Schema(description = "luceneutil's names of the task where they differ; often empty")
  public java.util.List<String> luceneutilNames() {
    return TaskVocabulary.luceneutilNames(task);
  }

  /**
   * How the metric is computed, in one line (e.g. for {@code qpsLuceneutil}, luceneutil's
   * reduction); null where {@link MetricVocabulary} has no words for it.
   */
  @JsonProperty("metricDescription")
  @Schema(
      nullable = true,
      description = "How the metric is computed; said for the search benchmark's QPS figures")
  public String metricDescription() {
    return MetricVocabulary.describe(benchmark, metric).orElse(null);
  }

  TaskGroup taskGroup() {
    return TaskGroup.of(benchmark, task);
  }

  /** The title pages show, e.g. {@code search · Term · qps}. */
  public String title() {
    return benchmark + " · " + task + " · " + metric;
  }
}
