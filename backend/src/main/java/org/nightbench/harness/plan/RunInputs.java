package org.nightbench.harness.plan;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Input;
import org.nightbench.protocol.SpecInputs;
import org.nightbench.protocol.StepSpec;

/**
 * What a run (or one side of a comparison) supplies a benchmark beyond its profile section: the
 * paths of its definition's inputs, a scratch directory and the task seed, filled into the spec's
 * components of those names ({@code indexDir}, {@code workDir}, {@code seed}, …) that the section
 * left out.
 *
 * @param corpus the line-docs corpus
 * @param index the index the queries read
 * @param tasks the task file
 * @param docVectors the corpus's embedded vectors
 * @param queryVectors the queries' embedded vectors
 * @param seed the profile's task seed
 */
record RunInputs(
    Path corpus, Path index, Path tasks, Path docVectors, Path queryVectors, long seed) {

  /**
   * {@code section} completed for one JVM of {@code benchmark}, scratch files in {@code workDir}.
   */
  StepSpec complete(StepSpec section, BenchmarkDefinition benchmark, Path workDir) {
    Map<String, Object> supplied = new HashMap<>();
    for (Input input : benchmark.inputs()) {
      supplied.put(input.component(), path(input));
      if (input == Input.VECTORS) {
        supplied.put("queryVectors", queryVectors);
      }
    }
    supplied.put("workDir", workDir);
    supplied.put("seed", seed);
    return SpecInputs.complete(section, supplied);
  }

  private Path path(Input input) {
    return switch (input) {
      case CORPUS -> corpus;
      case INDEX -> index;
      case TASKS -> tasks;
      case VECTORS -> docVectors;
    };
  }
}
