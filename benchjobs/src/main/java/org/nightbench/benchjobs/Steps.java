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
import org.nightbench.protocol.StepType;
import org.nightbench.protocol.StoredFieldsSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * Runs one step spec: the switch from a spec's step to the class that measures it. Exhaustive over
 * {@link StepType}, so a step without a case here does not compile.
 */
final class Steps {

  private Steps() {}

  /** One step ready to run. */
  @FunctionalInterface
  private interface Run {
    void run() throws Exception;
  }

  /** Runs {@code spec}, writing its output to {@code out}. */
  static void run(StepSpec spec, Path out) throws Exception {
    // A switch expression, not a statement: only an expression must cover every constant.
    Run step =
        switch (spec.stepType()) {
          case INDEX -> () -> IndexStep.run((IndexSpec) spec, out);
          case GENERATE_TASKS -> () -> GenerateTasksStep.run((GenerateTasksSpec) spec, out);
          case SEARCH -> () -> SearchStep.run((SearchSpec) spec, out);
          case BARE_LOOP -> () -> BareLoopStep.run((BareLoopSpec) spec, out);
          case PK_LOOKUP -> () -> PkLookupStep.run((PkLookupSpec) spec, out);
          case NRT -> () -> NrtStep.run((NrtSpec) spec, out);
          case LOAD -> () -> LoadStep.run((LoadSpec) spec, out);
          case CALIBRATE -> () -> CalibrateStep.run((CalibrateSpec) spec, out);
          case EMBED -> () -> EmbedStep.run((EmbedSpec) spec, out);
          case KNN -> () -> KnnStep.run((KnnSpec) spec, out);
          case STORED_FIELDS -> () -> StoredFieldsStep.run((StoredFieldsSpec) spec, out);
          case CHECK_INDEX -> () -> CheckIndexStep.run((CheckIndexSpec) spec, out);
          case PK_POSTINGS -> () -> PkPostingsStep.run((PkPostingsSpec) spec, out);
          case COLD_SEARCH -> () -> ColdSearchStep.run((ColdSearchSpec) spec, out);
          case FACET_TIMINGS -> () -> FacetTimingsStep.run((FacetTimingsSpec) spec, out);
          case VECTOR_INDEXING -> () -> VectorIndexingStep.run((VectorIndexingSpec) spec, out);
        };
    step.run();
  }
}
