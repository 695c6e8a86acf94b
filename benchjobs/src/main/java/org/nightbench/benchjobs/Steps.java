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

/** Runs one step spec: the switch from a spec's type to the step that measures it. */
final class Steps {

  private Steps() {}

  /** Runs {@code spec}, writing its output to {@code out}. */
  static void run(StepSpec spec, Path out) throws Exception {
    switch (spec.type()) {
      case "index" -> IndexStep.run((IndexSpec) spec, out);
      case "generate-tasks" -> GenerateTasksStep.run((GenerateTasksSpec) spec, out);
      case "search" -> SearchStep.run((SearchSpec) spec, out);
      case "bare-loop" -> BareLoopStep.run((BareLoopSpec) spec, out);
      case "pk-lookup" -> PkLookupStep.run((PkLookupSpec) spec, out);
      case "nrt" -> NrtStep.run((NrtSpec) spec, out);
      case "load" -> LoadStep.run((LoadSpec) spec, out);
      case "calibrate" -> CalibrateStep.run((CalibrateSpec) spec, out);
      case "embed" -> EmbedStep.run((EmbedSpec) spec, out);
      case "knn" -> KnnStep.run((KnnSpec) spec, out);
      case "stored-fields" -> StoredFieldsStep.run((StoredFieldsSpec) spec, out);
      case "check-index" -> CheckIndexStep.run((CheckIndexSpec) spec, out);
      case "pk-postings" -> PkPostingsStep.run((PkPostingsSpec) spec, out);
      case "cold-search" -> ColdSearchStep.run((ColdSearchSpec) spec, out);
      case "facet-timings" -> FacetTimingsStep.run((FacetTimingsSpec) spec, out);
      case "vector-indexing" -> VectorIndexingStep.run((VectorIndexingSpec) spec, out);
      default -> throw new IllegalArgumentException("no step runs type " + spec.type());
    }
  }
}
