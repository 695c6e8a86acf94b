package org.nightbench.harness;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.protocol.HarnessOptions;

/**
 * The Java Flight Recorder profile a search or indexing JVM records when its profile asks for one:
 * which harness commands record, where the file goes and the flag that starts the recording. The
 * flag is added by the launcher after {@link JvmFlags} checked the profile's and the user's flags,
 * which may not start recordings of their own (a recording writes files where it is told).
 */
public final class FlightRecording {

  /** The harness commands whose JVMs are profiled: the ones whose speed the series track most. */
  static final List<String> PROFILED_COMMANDS =
      List.of(HarnessOptions.SEARCH_COMMAND, HarnessOptions.INDEX_COMMAND);

  private FlightRecording() {}

  /**
   * Where a JVM writing {@code resultFile} records its profile: beside it, {@code search-3.json}
   * recording {@code search-3.jfr}; null when {@code harnessArgs} is not a profiled command.
   */
  static Path fileFor(List<String> harnessArgs, Path resultFile) {
    if (harnessArgs.isEmpty() || !PROFILED_COMMANDS.contains(harnessArgs.get(0))) {
      return null;
    }
    String name = resultFile.getFileName().toString().replaceFirst("\\.json$", "");
    return resultFile.resolveSibling(name + ".jfr");
  }

  /**
   * The flags that record {@code file}: the JDK's "profile" settings (a Java execution sample every
   * 10 ms), written when the JVM exits, with JFR's start-up banner kept out of the run's log.
   *
   * @throws IllegalArgumentException when the path would change the option's meaning (a comma
   *     starts another option)
   */
  static List<String> flags(Path file) {
    String path = file.toAbsolutePath().toString();
    if (path.contains(",") || path.contains("=")) {
      throw new IllegalArgumentException(
          "cannot record a profile to " + path + ": ',' and '=' end JFR's filename option");
    }
    return List.of(
        "-XX:StartFlightRecording=filename=" + path + ",settings=profile,dumponexit=true",
        "-Xlog:jfr+startup=warning");
  }
}
