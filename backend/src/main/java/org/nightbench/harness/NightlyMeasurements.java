package org.nightbench.harness;

import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.StoredFieldsSpec;
import org.springframework.boot.context.properties.bind.Name;

/**
 * The nightly's measurements beside indexing and the queries, each in its own JVM and series; any
 * left out (null, or {@code checkIndex} false) is not measured.
 *
 * @param storedFields luceneutil's stored fields benchmark: the corpus indexed as stored fields
 *     only, in a JVM per mode
 * @param storedFieldsModes its modes ({@code stored-fields.modes})
 * @param checkIndex time CheckIndex over the index the queries read
 * @param pkPostings PK lookups with the id postings in RAM (lucene-codecs' formats; none given:
 *     {@code Direct} and {@code FST50}) against the release's default, on id-only copies of the
 *     index with the same segments
 * @param coldSearch the first queries on a dropped OS page cache (where the machine allows it),
 *     against the same queries warm
 */
public record NightlyMeasurements(
    StoredFieldsSpec storedFields,
    @Name("stored-fields") StoredFieldsModes storedFieldsModes,
    boolean checkIndex,
    PkPostingsSpec pkPostings,
    ColdSearchSpec coldSearch) {

  /** None of them. */
  public static final NightlyMeasurements NONE =
      new NightlyMeasurements(null, null, false, null, null);

  public NightlyMeasurements {
    if (storedFields != null || storedFieldsModes != null) {
      storedFields =
          storedFields != null
              ? storedFields
              : new StoredFieldsSpec(null, null, null, null, null, null, null, null);
      storedFieldsModes = storedFieldsModes != null ? storedFieldsModes : StoredFieldsModes.BOTH;
    }
  }
}
