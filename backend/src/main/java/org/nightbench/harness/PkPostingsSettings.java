package org.nightbench.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * Primary-key lookups with the id field's postings held in RAM (lucene-codecs' formats) against the
 * release's default format, on id-only copies of the index with the same segments.
 *
 * @param formats the in-RAM postings formats' SPI names; none given: {@code Direct} and {@code
 *     FST50}. The default format is always measured beside them
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until it has run this long
 * @param batches measured batches per series; the reported rate is their median
 * @param warmupBatches batches run first and dropped
 */
public record PkPostingsSettings(
    List<String> formats, int lookups, double minBatchSeconds, int batches, int warmupBatches) {

  public PkPostingsSettings {
    formats =
        formats == null || formats.isEmpty() ? List.of("Direct", "FST50") : List.copyOf(formats);
    for (String format : formats) {
      ProfileChecks.name("pk-postings format", format);
      if (format.equals("default")) {
        throw new IllegalArgumentException(
            "pk-postings formats name the in-RAM formats; the default is always measured");
      }
    }
    lookups = lookups == 0 ? 4000 : lookups;
    minBatchSeconds = minBatchSeconds == 0 ? 1.0 : minBatchSeconds;
    batches = batches == 0 ? 10 : batches;
    ProfileChecks.atLeast("pk-postings lookups", lookups, 1);
    ProfileChecks.above("pk-postings min-batch-seconds", minBatchSeconds, 0);
    ProfileChecks.atLeast("pk-postings batches", batches, 1);
    ProfileChecks.atLeast("pk-postings warmup-batches", warmupBatches, 0);
  }

  /** The harness's format list: the default first, then the in-RAM ones. */
  List<String> harnessFormats() {
    List<String> all = new ArrayList<>();
    all.add("default");
    all.addAll(formats);
    return all;
  }
}
