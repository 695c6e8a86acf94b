package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecallLossesTest {

  private static ComparisonOutcome.Samples recall(
      String task, double[] baseline, double[] candidate) {
    return new ComparisonOutcome.Samples(
        "knn", task, "recall", "recall@10", true, baseline, candidate);
  }

  private static ComparisonOutcome.Samples latency(
      String task, double[] baseline, double[] candidate) {
    return new ComparisonOutcome.Samples(
        "knn", task, "latencyMeanMs", "ms", false, baseline, candidate);
  }

  @Test
  void aFasterCandidateThatFindsFewerNeighboursIsFlagged() {
    List<String> losses =
        RecallLosses.find(
            List.of(
                recall(
                    "hnsw-fanout50",
                    new double[] {0.93, 0.93, 0.93},
                    new double[] {0.89, 0.89, 0.89}),
                latency(
                    "hnsw-fanout50", new double[] {1.0, 1.1, 0.9}, new double[] {0.5, 0.6, 0.4})));
    assertThat(losses)
        .containsExactly(
            "hnsw-fanout50: recall@10 0.930 → 0.890 (−0.040, standard error 0.000);"
                + " mean latency -50.0 %, faster but worse");
  }

  @Test
  void aDropWithinTheToleranceOrTheNoiseIsNot() {
    assertThat(
            RecallLosses.find(
                List.of(
                    // 0.005 lower: within the fixed tolerance.
                    recall(
                        "hnsw-fanout0", new double[] {0.900, 0.900}, new double[] {0.895, 0.895}),
                    // 0.02 lower on average, but the JVMs spread far more than that.
                    recall(
                        "int7-fanout0",
                        new double[] {0.95, 0.85, 0.90},
                        new double[] {0.80, 0.95, 0.89}),
                    // Better recall is never a loss.
                    recall("bq-fanout0", new double[] {0.5, 0.5}, new double[] {0.7, 0.7}),
                    // Other benchmarks' metrics named recall are not KNN's.
                    new ComparisonOutcome.Samples(
                        "search",
                        "x",
                        "recall",
                        "r",
                        true,
                        new double[] {1, 1},
                        new double[] {0, 0}))))
        .isEmpty();
  }

  @Test
  void judgingAComparisonCarriesTheLossesIntoItsResult() {
    ComparisonResult result =
        ComparisonService.judge(
            new ComparisonOutcome(
                "9.12.3",
                "10.6.0",
                "jdk",
                List.of(
                    recall("int4-fanout0", new double[] {0.80, 0.81}, new double[] {0.70, 0.71})),
                List.of()));
    assertThat(result.recallLosses()).hasSize(1).first().asString().startsWith("int4-fanout0:");
  }
}
