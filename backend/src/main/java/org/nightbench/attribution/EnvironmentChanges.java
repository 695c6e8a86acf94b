package org.nightbench.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * What else changed between two runs besides Lucene: JDK build, kernel, CPU model, governor and
 * turbo, cores, memory, JVM flags, Nightbench and harness versions, the corpus's and task file's
 * hashes and the control revision, read from what each run recorded (its machine state and its
 * environment). A field only one of the runs recorded is no change.
 */
final class EnvironmentChanges {

  /** One field: its label and where it sits in the run's record. */
  private record Field(String label, String source, String... path) {}

  private static final List<Field> FIELDS =
      List.of(
          new Field("JDK", "state", "jdk"),
          new Field("JDK build", "environment", "machine", "jdkVersion"),
          new Field("kernel", "state", "kernel"),
          new Field("CPU model", "environment", "machine", "cpuModel"),
          new Field("CPU governor", "state", "governor"),
          new Field("turbo", "state", "turbo"),
          new Field("cores", "state", "cores"),
          new Field("memory (MB)", "state", "memTotalMb"),
          new Field("JVM flags", "environment", "jvmArgs"),
          new Field("Nightbench", "environment", "nightbench"),
          new Field("harness", "environment", "harness"),
          new Field("corpus sha-256", "environment", "corpus", "sha256"),
          new Field("task file sha-256", "environment", "tasksSha256"),
          new Field("control revision", "environment", "control"));

  private EnvironmentChanges() {}

  /**
   * One line per field that differs, e.g. {@code kernel: 6.1.0-27 → 6.1.0-28}; empty when nothing
   * did. Any of the four records may be null (a run that recorded none).
   */
  static List<String> between(
      JsonNode beforeState,
      JsonNode beforeEnvironment,
      JsonNode afterState,
      JsonNode afterEnvironment) {
    List<String> changes = new ArrayList<>();
    for (Field field : FIELDS) {
      boolean state = field.source().equals("state");
      String before = text(state ? beforeState : beforeEnvironment, field.path());
      String after = text(state ? afterState : afterEnvironment, field.path());
      if (before != null && after != null && !Objects.equals(before, after)) {
        changes.add(field.label() + ": " + before + " → " + after);
      }
    }
    return changes;
  }

  private static String text(JsonNode node, String... path) {
    JsonNode at = node;
    for (String step : path) {
      if (at == null || at.isNull() || at.isMissingNode()) {
        return null;
      }
      at = at.get(step);
    }
    if (at == null || at.isNull() || at.isMissingNode()) {
      return null;
    }
    if (at.isArray()) {
      List<String> items = new ArrayList<>();
      at.forEach(item -> items.add(item.asString()));
      return String.join(" ", items);
    }
    String text = at.isValueNode() ? at.asString() : at.toString();
    // A hash is told apart by its first characters; the whole of it only widens the page.
    return text.matches("[0-9a-f]{40,}") ? text.substring(0, 12) : text;
  }
}
