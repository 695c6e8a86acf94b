package org.nightbench.protocol;

/**
 * Every step the harness runs, one constant per {@link StepSpec} record: its name in a spec file
 * (and on the hand-run command line) and its record. A switch over it without a default is
 * exhaustive, so a new step that the harness or a planner does not handle fails the build, not a
 * run.
 */
public enum StepType {
  INDEX("index", IndexSpec.class),
  GENERATE_TASKS("generate-tasks", GenerateTasksSpec.class),
  SEARCH("search", SearchSpec.class),
  BARE_LOOP("bare-loop", BareLoopSpec.class),
  PK_LOOKUP("pk-lookup", PkLookupSpec.class),
  NRT("nrt", NrtSpec.class),
  LOAD("load", LoadSpec.class),
  CALIBRATE("calibrate", CalibrateSpec.class),
  EMBED("embed", EmbedSpec.class),
  KNN("knn", KnnSpec.class),
  STORED_FIELDS("stored-fields", StoredFieldsSpec.class),
  CHECK_INDEX("check-index", CheckIndexSpec.class),
  PK_POSTINGS("pk-postings", PkPostingsSpec.class),
  COLD_SEARCH("cold-search", ColdSearchSpec.class),
  FACET_TIMINGS("facet-timings", FacetTimingsSpec.class),
  VECTOR_INDEXING("vector-indexing", VectorIndexingSpec.class);

  private final String specName;
  private final Class<? extends StepSpec> record;

  StepType(String specName, Class<? extends StepSpec> record) {
    this.specName = specName;
    this.record = record;
  }

  /** The step's name in a spec file's {@code "type"}, e.g. {@code cold-search}. */
  public String specName() {
    return specName;
  }

  /** The spec record of the step. */
  public Class<? extends StepSpec> record() {
    return record;
  }

  /** The step whose record is {@code record}. */
  public static StepType of(Class<? extends StepSpec> record) {
    for (StepType type : values()) {
      if (type.record == record) {
        return type;
      }
    }
    throw new IllegalStateException("no step type for " + record);
  }
}
