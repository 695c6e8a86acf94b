package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.pk.PkLookupSettings;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pk-postings}: PK lookups with the id field's postings in RAM against the default. */
@Command(
    name = HarnessOptions.PK_POSTINGS_COMMAND,
    mixinStandardHelpOptions = true,
    description =
        "Time id lookups on id-only copies of the index, one per postings format of the id field.")
final class PkPostingsCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(
      names = HarnessOptions.WORK_DIR,
      required = true,
      paramLabel = "DIR",
      description = "where the copies are written and removed")
  Path workDir;

  @Option(
      names = HarnessOptions.FORMATS,
      defaultValue = "default,Direct,FST50",
      split = ",",
      paramLabel = "NAMES",
      description = "postings formats of the id field: default and SPI names")
  List<String> formats;

  @Option(names = HarnessOptions.LOOKUPS, defaultValue = "1000", paramLabel = "N")
  int lookups;

  @Option(names = HarnessOptions.MIN_BATCH_SECONDS, defaultValue = "1", paramLabel = "S")
  double minBatchSeconds;

  @Option(names = HarnessOptions.BATCHES, defaultValue = "10", paramLabel = "B")
  int batches;

  @Option(names = HarnessOptions.WARMUP_BATCHES, defaultValue = "3", paramLabel = "W")
  int warmupBatches;

  @Option(names = HarnessOptions.SEED, defaultValue = "0", paramLabel = "SEED")
  long seed;

  @Option(names = HarnessOptions.OUT, required = true, paramLabel = "FILE")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    if (formats.isEmpty() || formats.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("formats must name postings formats, got " + formats);
    }
    if (formats.stream().distinct().count() != formats.size()) {
      throw new IllegalArgumentException("formats must differ, got " + formats);
    }
    PkLookupSettings settings =
        new PkLookupSettings(lookups, minBatchSeconds, batches, warmupBatches, seed);
    Indexes.Measured measured = Indexes.pkPostings(indexDir, formats, workDir, settings);
    Results.write(
        out, HarnessOptions.PK_POSTINGS_COMMAND, measured.metrics(), List.of(), measured.notes());
    return 0;
  }
}
