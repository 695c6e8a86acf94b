package org.nightbench.protocol;

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

  /** This step's name in a spec file: {@code search}, {@code index}, … */
  default String type() {
    for (Map.Entry<String, Class<? extends StepSpec>> entry : TYPES.entrySet()) {
      if (entry.getValue() == getClass()) {
        return entry.getKey();
      }
    }
    throw new IllegalStateException("no type name for " + getClass());
  }

  private static Map<String, Class<? extends StepSpec>> types() {
    Map<String, Class<? extends StepSpec>> types = new LinkedHashMap<>();
    types.put("index", IndexSpec.class);
    types.put("generate-tasks", GenerateTasksSpec.class);
    types.put("search", SearchSpec.class);
    types.put("bare-loop", BareLoopSpec.class);
    types.put("pk-lookup", PkLookupSpec.class);
    types.put("nrt", NrtSpec.class);
    types.put("load", LoadSpec.class);
    types.put("calibrate", CalibrateSpec.class);
    types.put("embed", EmbedSpec.class);
    types.put("knn", KnnSpec.class);
    types.put("stored-fields", StoredFieldsSpec.class);
    types.put("check-index", CheckIndexSpec.class);
    types.put("pk-postings", PkPostingsSpec.class);
    types.put("cold-search", ColdSearchSpec.class);
    types.put("facet-timings", FacetTimingsSpec.class);
    types.put("vector-indexing", VectorIndexingSpec.class);
    return java.util.Collections.unmodifiableMap(types);
  }
}
