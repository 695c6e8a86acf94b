package org.nightbench.harness;

/**
 * The nightly's measurements beside indexing and the queries, each in its own JVM and series; any
 * left out (null, or {@code checkIndex} false) is not measured.
 *
 * @param storedFields luceneutil's stored fields benchmark, per mode
 * @param checkIndex time CheckIndex over the index the queries read
 * @param pkPostings PK lookups with the id postings in RAM against the default
 * @param coldSearch the first queries on a dropped OS page cache
 */
public record NightlyMeasurements(
    StoredFieldsSettings storedFields,
    boolean checkIndex,
    PkPostingsSettings pkPostings,
    ColdSearchSettings coldSearch) {

  /** None of them. */
  public static final NightlyMeasurements NONE = new NightlyMeasurements(null, false, null, null);
}
