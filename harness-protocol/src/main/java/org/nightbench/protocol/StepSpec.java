package org.nightbench.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One benchmark step the harness runs in a forked JVM: the parent writes it as a JSON file (its
 * record's components plus {@code "type"}), the child runs {@code Harness <spec.json> <out>} and
 * switches on the type. Each record holds its settings' defaults and checks, written once: a
 * profile's section binds straight into its record, and a setting left out of the file or the
 * profile (null) takes the record's default.
 */
public sealed interface StepSpec
    permits IndexSpec,
        GenerateTasksSpec,
        SearchSpec,
        BareLoopSpec,
        PkLookupSpec,
        NrtSpec,
        LoadSpec,
        CalibrateSpec,
        EmbedSpec,
        KnnSpec,
        StoredFieldsSpec,
        CheckIndexSpec,
        PkPostingsSpec,
        ColdSearchSpec,
        FacetTimingsSpec,
        VectorIndexingSpec {

  /** Every step type by its name in a spec file (and on the hand-run command line). */
  Map<String, Class<? extends StepSpec>> TYPES = types();

  /**
   * Fails with one line naming the first {@link Required} setting left out. A record may be built
   * without its inputs (a profile's section is, the run completes it); a spec file may not.
   */
  default void checkRequired() {
    SpecChecks.required(this);
  }

  /** Which step this is: what the harness's dispatch and the planners switch over. */
  default StepType stepType() {
    return StepType.of(getClass());
  }

  /** This step's name in a spec file: {@code search}, {@code index}, … */
  default String type() {
    return stepType().specName();
  }

  private static Map<String, Class<? extends StepSpec>> types() {
    Map<String, Class<? extends StepSpec>> types = new LinkedHashMap<>();
    for (StepType type : StepType.values()) {
      types.put(type.specName(), type.record());
    }
    return Collections.unmodifiableMap(types);
  }
}
