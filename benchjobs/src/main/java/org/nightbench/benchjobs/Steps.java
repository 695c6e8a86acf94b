package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.protocol.BareLoopSpec;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.FacetTimingsSpec;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.StoredFieldsSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * Runs one step spec: the switch from a spec's record to the class that measures it. (The spec
 * records are found on the class path now, no longer a sealed list, so this chain ends in a
 * failure; the harness's dispatch by the definition's {@code benchmarkClass} replaces it.)
 */
final class Steps {

  private Steps() {}

  /** Runs {@code spec}, writing its output to {@code out}. */
  static void run(StepSpec spec, Path out) throws Exception {
    if (spec instanceof IndexSpec s) {
      IndexStep.run(s, out);
    } else if (spec instanceof GenerateTasksSpec s) {
      GenerateTasksStep.run(s, out);
    } else if (spec instanceof SearchSpec s) {
      SearchStep.run(s, out);
    } else if (spec instanceof BareLoopSpec s) {
      BareLoopStep.run(s, out);
    } else if (spec instanceof PkLookupSpec s) {
      PkLookupStep.run(s, out);
    } else if (spec instanceof NrtSpec s) {
      NrtStep.run(s, out);
    } else if (spec instanceof LoadSpec s) {
      LoadStep.run(s, out);
    } else if (spec instanceof CalibrateSpec s) {
      CalibrateStep.run(s, out);
    } else if (spec instanceof EmbedSpec s) {
      EmbedStep.run(s, out);
    } else if (spec instanceof KnnSpec s) {
      KnnStep.run(s, out);
    } else if (spec instanceof StoredFieldsSpec s) {
      StoredFieldsStep.run(s, out);
    } else if (spec instanceof CheckIndexSpec s) {
      CheckIndexStep.run(s, out);
    } else if (spec instanceof PkPostingsSpec s) {
      PkPostingsStep.run(s, out);
    } else if (spec instanceof ColdSearchSpec s) {
      ColdSearchStep.run(s, out);
    } else if (spec instanceof FacetTimingsSpec s) {
      FacetTimingsStep.run(s, out);
    } else if (spec instanceof VectorIndexingSpec s) {
      VectorIndexingStep.run(s, out);
    } else {
      throw new IllegalArgumentException("no harness step runs " + spec.type());
    }
  }
}
