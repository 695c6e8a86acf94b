package org.nightbench.protocol;

/**
 * One benchmark step the harness runs in a forked JVM: the parent writes it as a JSON file (its
 * record's components plus {@code "type"}), the child runs {@code Harness <spec.json> <out>} and
 * finds the record by the type ({@link SpecTypes}: every record of this package named {@code
 * …Spec}, so no list names them). Each record holds its settings' defaults and checks, written
 * once: a profile's section binds straight into its record, and a setting left out of the file or
 * the profile (null) takes the record's default.
 */
public interface StepSpec {

  /**
   * Fails with one line naming the first {@link Required} setting left out. A record may be built
   * without its inputs (a profile's section is, the run completes it); a spec file may not.
   */
  default void checkRequired() {
    SpecChecks.required(this);
  }

  /** This step's name in a spec file: {@code search}, {@code index}, … */
  default String type() {
    return SpecTypes.nameOf(getClass());
  }
}
