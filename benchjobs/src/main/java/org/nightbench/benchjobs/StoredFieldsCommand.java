package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;
import org.nightbench.benchjobs.storedfields.StoredFieldsBenchmark;
import org.nightbench.benchjobs.storedfields.StoredFieldsSettings;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stored-fields}: luceneutil's stored fields benchmark in one mode. */
@Command(
    name = HarnessOptions.STORED_FIELDS_COMMAND,
    mixinStandardHelpOptions = true,
    description =
        "Index the corpus as stored fields only in one mode; time indexing, size the store, time"
            + " reading documents back.")
final class StoredFieldsCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.CORPUS, required = true, paramLabel = "FILE")
  Path corpus;

  @Option(
      names = HarnessOptions.INDEX_DIR,
      required = true,
      paramLabel = "DIR",
      description = "written afresh")
  Path indexDir;

  @Option(
      names = HarnessOptions.STORED_FIELDS,
      required = true,
      paramLabel = "MODE",
      description = "speed or compression")
  String mode;

  @Option(names = HarnessOptions.MAX_DOCS, paramLabel = "N", description = "default: all")
  Long maxDocs;

  @Option(
      names = HarnessOptions.MAX_BUFFERED_DOCS,
      defaultValue = "100",
      paramLabel = "N",
      description = "flush every N docs, as luceneutil")
  int flushDocs;

  @Option(
      names = HarnessOptions.WARMUP_PASS,
      description = "index once untimed before the timed pass, as luceneutil")
  boolean warmupPass;

  @Option(names = HarnessOptions.RETRIEVALS, defaultValue = "10000", paramLabel = "N")
  int retrievals;

  @Option(names = HarnessOptions.ROUNDS, defaultValue = "10", paramLabel = "N")
  int rounds;

  @Option(names = HarnessOptions.OUT, required = true, paramLabel = "FILE")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    StoredFieldsSettings settings =
        new StoredFieldsSettings(
            corpus,
            indexDir,
            StoredFieldsMode.parse(mode),
            maxDocs == null ? Long.MAX_VALUE : maxDocs,
            flushDocs,
            warmupPass,
            retrievals,
            rounds);
    Results.write(
        out, HarnessOptions.STORED_FIELDS_COMMAND, StoredFieldsBenchmark.run(settings, System.out));
    return 0;
  }
}
