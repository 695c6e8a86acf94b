package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code check-index}: times Lucene's CheckIndex over an index built by {@code index}. */
@Command(
    name = HarnessOptions.CHECK_INDEX_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Time CheckIndex over the index; a broken index fails.")
final class CheckIndexCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(
      names = HarnessOptions.VARIANT,
      defaultValue = "index",
      paramLabel = "NAME",
      description = "names the index checked; the metric's task")
  String variant;

  @Option(names = HarnessOptions.OUT, required = true, paramLabel = "FILE")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    Results.write(out, HarnessOptions.CHECK_INDEX_COMMAND, Indexes.checkIndex(indexDir, variant));
    return 0;
  }
}
