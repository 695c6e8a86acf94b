package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.benchjobs.taskgen.TaskGenerator;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.tasks.TaskFileWriter;

/** {@code generate-tasks}: writes a seeded luceneutil-style task file derived from an index. */
final class GenerateTasksStep {

  private GenerateTasksStep() {}

  /** Writes the task file to {@code out}. */
  static void run(GenerateTasksSpec spec, Path out) throws Exception {
    TaskGenerator.Generated g =
        Indexes.generateTasks(spec.indexDir(), spec.corpus(), spec.seed(), spec.perCategory());
    if (g.tasks().isEmpty()) {
      throw new IllegalArgumentException(
          "index " + spec.indexDir() + " is too small to generate any task");
    }
    for (String c : g.emptyCategories()) {
      System.out.println("generate-tasks: warning: no query with hits for category " + c);
    }
    TaskFileWriter.write(out, g.header(), g.tasks());
    System.out.println("generate-tasks: wrote " + g.tasks().size() + " tasks to " + out);
  }
}
