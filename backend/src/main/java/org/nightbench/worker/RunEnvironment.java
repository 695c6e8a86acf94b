package org.nightbench.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.HarnessJar;
import org.nightbench.runs.Run;
import org.nightbench.web.BuildInfo;
import org.springframework.stereotype.Component;

/**
 * What a run records about the software that measured it, beside the machine's state: the
 * Nightbench build, the harness jar (named by its content hash) and the task file's SHA-256, so the
 * digest can say what else changed since the previous run.
 */
@Component
class RunEnvironment {

  private final BuildInfo build;
  private final HarnessJar harness;
  private final RunWorkDirectories workDirectories;

  RunEnvironment(BuildInfo build, HarnessJar harness, RunWorkDirectories workDirectories) {
    this.build = build;
    this.harness = harness;
    this.workDirectories = workDirectories;
  }

  /** The facts, each left out when unknown; a map the caller may add to. */
  Map<String, Object> facts(Run run, BenchmarkProfile profile) {
    Map<String, Object> facts = new LinkedHashMap<>();
    if (!build.line().isEmpty()) {
      facts.put("nightbench", build.line());
    }
    facts.put("harness", harness.path().getFileName().toString());
    Path tasks =
        profile.tasksFile() != null
            ? profile.tasksFile()
            : workDirectories.of(run.id()).resolve("tasks.txt");
    String sha = sha256(tasks);
    if (sha != null) {
      facts.put("tasksSha256", sha);
    }
    return facts;
  }

  /** The file's SHA-256 in hex; null when there is no such file (task files are small). */
  private static String sha256(Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (IOException e) {
      return null;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
