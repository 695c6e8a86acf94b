package org.nightbench.benchjobs.taskgen;

import java.io.PrintStream;
import java.nio.file.Path;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Preparation;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.tasks.TaskFileWriter;

/**
 * {@code generate-tasks}: writes the task file a run searches, generated from its index, warning
 * about each category no query with hits was found for.
 */
public final class GenerateTasks implements Preparation<GenerateTasksSpec> {

  @Override
  public void prepare(GenerateTasksSpec spec, Path out, PrintStream log) throws Exception {
    TaskGenerator.Generated g;
    try (Indexes.Opened index = Indexes.open(spec.indexDir())) {
      g = TaskGenerator.generate(index.reader(), spec.corpus(), spec.seed(), spec.perCategory());
    }
    if (g.tasks().isEmpty()) {
      throw new IllegalArgumentException(
          "index " + spec.indexDir() + " is too small to generate any task");
    }
    for (String c : g.emptyCategories()) {
      log.println("generate-tasks: warning: no query with hits for category " + c);
    }
    TaskFileWriter.write(out, g.header(), g.tasks());
    log.println("generate-tasks: wrote " + g.tasks().size() + " tasks to " + out);
  }
}
