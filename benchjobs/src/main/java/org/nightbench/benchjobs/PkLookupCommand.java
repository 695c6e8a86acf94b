package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.pk.PkLookupSettings;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pk-lookup}: times primary-key lookups on an index built by {@code index}. */
@Command(
    name = HarnessOptions.PK_LOOKUP_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Time id lookups, sequential and random keys.")
final class PkLookupCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(
      names = HarnessOptions.LOOKUPS,
      defaultValue = "1000",
      paramLabel = "N",
      description = "per batch")
  int lookups;

  @Option(names = HarnessOptions.MIN_BATCH_SECONDS, defaultValue = "1", paramLabel = "S")
  double minBatchSeconds;

  @Option(names = HarnessOptions.BATCHES, defaultValue = "10", paramLabel = "B")
  int batches;

  @Option(names = HarnessOptions.WARMUP_BATCHES, defaultValue = "3", paramLabel = "W")
  int warmupBatches;

  @Option(
      names = HarnessOptions.SEED,
      defaultValue = "0",
      paramLabel = "SEED",
      description = "random keys")
  long seed;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    PkLookupSettings settings =
        new PkLookupSettings(lookups, minBatchSeconds, batches, warmupBatches, seed);
    List<Metric> metrics = Indexes.pkLookup(indexDir, settings, System.out);
    Results.write(out, "pk-lookup", metrics);
    return 0;
  }
}
