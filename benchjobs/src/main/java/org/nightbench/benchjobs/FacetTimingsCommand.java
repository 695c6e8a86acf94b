package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.facets.FacetTimingSettings;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code facet-timings}: times the facet operations on the high-cardinality RandomLabel dimension
 * of an index built by {@code index}, taxonomy against sorted-set.
 */
@Command(
    name = HarnessOptions.FACET_TIMINGS_COMMAND,
    mixinStandardHelpOptions = true,
    description =
        "Time facet counting, getAllDims, getTopDims, getTopChildren and getAllChildren on the"
            + " RandomLabel dimension, taxonomy and SSDV.")
final class FacetTimingsCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(
      names = HarnessOptions.REPETITIONS,
      defaultValue = "50",
      paramLabel = "N",
      description = "timed calls of each operation; the figure is their median")
  int repetitions;

  @Option(
      names = HarnessOptions.WARMUP,
      defaultValue = "20",
      paramLabel = "N",
      description = "untimed calls of each operation before")
  int warmup;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    var report =
        Indexes.facetTimings(indexDir, new FacetTimingSettings(repetitions, warmup), System.out);
    Results.write(
        out, HarnessOptions.FACET_TIMINGS_COMMAND, report.metrics(), List.of(), report.notes());
    return 0;
  }
}
