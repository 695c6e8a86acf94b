package org.nightbench.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.nightbench.protocol.MeasuringVersion;
import org.nightbench.protocol.StepSpec;

/**
 * The settings that shape one step's numbers, as its points record them: the spec's settings in
 * kebab case ({@code reopen-interval-ms}) without its paths, which name where a run's files lie and
 * change every run, plus the forked JVM's flags; the settings of the earlier steps that wrote what
 * it reads, under their type ({@code index.ram-buffer-mb} on search, whose numbers the index
 * shapes); and the harness's {@link MeasuringVersion}. Two nights whose settings or version differ
 * measured different benchmarks.
 *
 * @param type the step's type, e.g. {@code nrt}
 * @param values each setting's value as text, by name; a setting without a value is left out
 * @param measuringVersion the harness's measuring version
 */
public record StepSettings(String type, SortedMap<String, String> values, int measuringVersion) {

  /** The name the JVM's flags are recorded under beside the spec's settings. */
  public static final String JVM_ARGS = "jvm-args";

  /** The value of a setting the spec leaves without one. */
  public static final String UNSET = "unset";

  public StepSettings {
    values = new TreeMap<>(values);
  }

  /**
   * The settings of {@code spec} run with {@code jvmArgs} by this build's harness. A setting
   * without a value reads {@code unset}, so that giving it one later is a change of a setting it
   * had.
   */
  public static StepSettings of(StepSpec spec, List<String> jvmArgs) {
    SortedMap<String, String> values = new TreeMap<>();
    for (RecordComponent component : spec.getClass().getRecordComponents()) {
      Object value = value(component, spec);
      if (value instanceof Path || isPaths(value) || isPath(component)) {
        continue;
      }
      values.put(kebab(component.getName()), value == null ? UNSET : text(value));
    }
    if (!jvmArgs.isEmpty()) {
      values.put(JVM_ARGS, String.join(" ", jvmArgs));
    }
    return new StepSettings(spec.type(), values, MeasuringVersion.CURRENT);
  }

  /**
   * These settings with those of {@code input}'s step, which wrote a file or directory this step
   * reads, each under the input step's type ({@code index.codec}); its JVM's flags are left out, as
   * they shape its own timings, not what it wrote.
   */
  public StepSettings readingFrom(StepSettings input) {
    SortedMap<String, String> merged = new TreeMap<>(values);
    input.values.forEach(
        (name, value) -> {
          if (!name.equals(JVM_ARGS)) {
            merged.put(input.type + "." + name, value);
          }
        });
    return new StepSettings(type, merged, measuringVersion);
  }

  /**
   * The settings as canonical JSON: an object of the type and the settings in name order, every
   * value a string; the same settings always give the same text.
   */
  public String canonicalJson() {
    StringBuilder json = new StringBuilder("{\"type\":").append(quoted(type));
    json.append(",\"settings\":{");
    boolean first = true;
    for (Map.Entry<String, String> entry : values.entrySet()) {
      json.append(first ? "" : ",").append(quoted(entry.getKey())).append(':');
      json.append(quoted(entry.getValue()));
      first = false;
    }
    return json.append("}}").toString();
  }

  /** SHA-256 of {@link #canonicalJson()}, in hex: what a point stores. */
  public String hash() {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(canonicalJson().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The value of one of {@code spec}'s components. */
  static Object value(RecordComponent component, StepSpec spec) {
    try {
      return component.getAccessor().invoke(spec);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component.getName() + " of " + spec, e);
    }
  }

  /** A path-valued component left null (an optional file the run did not give) is no setting. */
  private static boolean isPath(RecordComponent component) {
    return Path.class.isAssignableFrom(component.getType());
  }

  private static boolean isPaths(Object value) {
    return value instanceof Collection<?> items
        && !items.isEmpty()
        && items.stream().allMatch(item -> item instanceof Path);
  }

  /** 1000.0 reads 1000, as a profile writes it; other values as Java prints them. */
  private static String text(Object value) {
    if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString(d.longValue());
    }
    if (value instanceof Collection<?> items) {
      return String.join(",", items.stream().map(StepSettings::text).toList());
    }
    return String.valueOf(value);
  }

  /**
   * A record component's name as a profile writes it: {@code reopenIntervalMs} is {@code
   * reopen-interval-ms}.
   */
  static String kebab(String name) {
    return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  private static String quoted(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        default -> {
          if (c < 0x20) {
            quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            quoted.append(c);
          }
        }
      }
    }
    return quoted.append('"').toString();
  }
}
