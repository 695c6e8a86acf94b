package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Times primary-key lookups on id-only copies of the index, one per postings format of the id
 * field. A profile's {@code measurements.pk-postings} section is this record without the index,
 * work directory and seed, which the run supplies ({@link #on}), and its formats name the in-RAM
 * ones: the run measures the default first beside them.
 *
 * @param indexDir the index, left as is
 * @param workDir where the copies are written and removed
 * @param formats postings formats of the id field: {@code default} and SPI names (lucene-codecs'
 *     in-RAM {@code Direct}, {@code FST50})
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until it has run this long
 * @param batches measured batches; the reported rate is their median
 * @param warmupBatches batches run first and dropped
 * @param seed the random keys' seed
 */
public record PkPostingsSpec(
    @Required Path indexDir,
    @Required Path workDir,
    List<String> formats,
    Integer lookups,
    Double minBatchSeconds,
    Integer batches,
    Integer warmupBatches,
    Long seed)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "pk-postings",
          PkPostingsSpec.class,
          "org.nightbench.benchjobs.pk.PkPostingsBenchmark",
          60,
          Set.of(Input.INDEX),
          true,
          "pk",
          "pk",
          "PK lookups",
          "PK lookups, id postings in RAM",
          List.of(higherIsBetter("lookupsPerSec", "lookups/s")));

  public static final List<String> DEFAULT_FORMATS = List.of("default", "Direct", "FST50");

  public PkPostingsSpec {
    formats = formats == null ? DEFAULT_FORMATS : List.copyOf(formats);
    if (formats.isEmpty() || formats.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("formats must name postings formats, got " + formats);
    }
    if (formats.stream().distinct().count() != formats.size()) {
      throw new IllegalArgumentException("formats must differ, got " + formats);
    }
    lookups = SpecChecks.orDefault(lookups, PkLookupSpec.DEFAULT_LOOKUPS);
    minBatchSeconds = SpecChecks.orDefault(minBatchSeconds, PkLookupSpec.DEFAULT_MIN_BATCH_SECONDS);
    batches = SpecChecks.orDefault(batches, PkLookupSpec.DEFAULT_BATCHES);
    warmupBatches = SpecChecks.orDefault(warmupBatches, PkLookupSpec.DEFAULT_WARMUP_BATCHES);
    seed = SpecChecks.orDefault(seed, 0L);
    SpecChecks.atLeast("lookups", lookups, 1);
    SpecChecks.batchSeconds(minBatchSeconds);
    SpecChecks.atLeast("batches", batches, 1);
    SpecChecks.atLeast("warmup-batches", warmupBatches, 0);
  }

  /**
   * These lookups on {@code index}, copies in {@code copies}, keys drawn with {@code keySeed}, the
   * default format first when the formats leave it out.
   */
  public PkPostingsSpec on(Path index, Path copies, long keySeed) {
    List<String> measured = new ArrayList<>();
    measured.add("default");
    formats.stream().filter(f -> !f.equals("default")).forEach(measured::add);
    return new PkPostingsSpec(
        index, copies, measured, lookups, minBatchSeconds, batches, warmupBatches, keySeed);
  }
}
