package org.nightbench.harness;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.protocol.StepSpec;

/**
 * The Java Flight Recorder file a search or indexing JVM writes when its profile asks for one:
 * which steps record, where the file goes and the flag that starts the recording. The flag is added
 * by the launcher after {@link JvmFlags} checked the profile's and the user's flags, which may not
 * start recordings of their own (a recording writes files where it is told).
 */
public final class FlightRecording {

  /** The step types whose JVMs record: the ones whose speed the series track most. */
  static final List<String> RECORDED_STEPS = List.of("search", "index");

  private FlightRecording() {}

  /**
   * Where a JVM writing {@code resultFile} records: beside it, {@code search-3.json} recording
   * {@code search-3.jfr}; null when {@code spec} is not a recorded step.
   */
  static Path fileFor(StepSpec spec, Path resultFile) {
    if (!RECORDED_STEPS.contains(spec.type())) {
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
          "cannot record JFR to " + path + ": ',' and '=' end JFR's filename option");
    }
    return List.of(
        "-XX:StartFlightRecording=filename=" + path + ",settings=profile,dumponexit=true",
        "-Xlog:jfr+startup=warning");
  }
}
