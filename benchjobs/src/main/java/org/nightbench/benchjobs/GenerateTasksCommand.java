package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.tasks.TaskFileWriter;
import org.nightbench.benchjobs.tasks.TaskGenerator;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code generate-tasks}: writes a seeded luceneutil-style task file derived from an index. */
@Command(
    name = HarnessOptions.GENERATE_TASKS_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Generate a task file from an index's term statistics.")
final class GenerateTasksCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.INDEX_DIR, required = true, paramLabel = "DIR")
  Path indexDir;

  @Option(
      names = HarnessOptions.CORPUS,
      required = true,
      paramLabel = "FILE",
      description = "corpus the index was built from")
  Path corpus;

  @Option(names = HarnessOptions.SEED, required = true, paramLabel = "S")
  long seed;

  @Option(names = HarnessOptions.PER_CATEGORY, defaultValue = "5", paramLabel = "N")
  int perCategory;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "task file to write")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    if (perCategory < 1) {
      throw new IllegalArgumentException("per-category must be >= 1, got " + perCategory);
    }
    TaskGenerator.Generated g = Indexes.generateTasks(indexDir, corpus, seed, perCategory);
    if (g.tasks().isEmpty()) {
      throw new IllegalArgumentException(
          "index " + indexDir + " is too small to generate any task");
    }
    for (String c : g.emptyCategories()) {
      System.out.println("generate-tasks: warning: no query with hits for category " + c);
    }
    TaskFileWriter.write(out, g.header(), g.tasks());
    System.out.println("generate-tasks: wrote " + g.tasks().size() + " tasks to " + out);
    return 0;
  }
}
