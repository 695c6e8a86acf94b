package org.nightbench.benchjobs.indexing;

/**
 * How the index's codec departs from the release's default codec, so an A/B comparison can set one
 * side's stored fields mode or postings format; the written index stays readable by the default
 * codec.
 *
 * @param storedFields the default codec's stored fields mode; null for the codec's own default
 * @param postingsFormat SPI name of the postings format every field is written with; null for the
 *     codec's own
 */
public record CodecOptions(StoredFieldsMode storedFields, String postingsFormat) {

  /** The default codec as it is. */
  public static final CodecOptions DEFAULTS = new CodecOptions(null, null);

  /** What a result records for an option left at the codec's default. */
  static final String DEFAULT = "default";

  public CodecOptions {
    if (postingsFormat != null && postingsFormat.isBlank()) {
      throw new IllegalArgumentException("postings-format must not be blank");
    }
  }

  /** True when the default codec is used unchanged. */
  public boolean isDefault() {
    return storedFields == null && postingsFormat == null;
  }

  /** For the result: {@code speed}, {@code compression} or {@code default}. */
  String storedFieldsName() {
    return storedFields == null ? DEFAULT : storedFields.cliName();
  }

  /** For the result: the SPI name or {@code default}. */
  String postingsFormatName() {
    return postingsFormat == null ? DEFAULT : postingsFormat;
  }
}
