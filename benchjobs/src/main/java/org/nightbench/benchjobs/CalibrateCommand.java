package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.calibration.Calibration;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code calibrate}: times the fixed machine workload; needs no Lucene on the classpath. */
@Command(
    name = HarnessOptions.CALIBRATE_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Time a fixed CPU and memory workload that does not depend on Lucene.")
final class CalibrateCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.ROUNDS, defaultValue = "15", paramLabel = "N")
  int rounds;

  @Option(names = HarnessOptions.WARMUP_ROUNDS, defaultValue = "5", paramLabel = "N")
  int warmupRounds;

  @Option(
      names = HarnessOptions.MEMORY_MB,
      defaultValue = "256",
      paramLabel = "MB",
      description = "array walked at random; must fit the heap")
  int memoryMb;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    Results.writeWithoutLucene(
        out, "calibrate", Calibration.run(rounds, warmupRounds, memoryMb, System.out));
    return 0;
  }
}
