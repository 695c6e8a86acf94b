package org.nightbench.harness;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Profile keys that were renamed, with their names now. The binder passes over a key that nothing
 * reads, so a profile still saying {@code repetitions} or {@code knn.docs} would quietly measure
 * with the default and step every series of it; the start stops naming the new key instead, both
 * when the environment is read ({@code runs.RenamedProfileSettings}) and when a profile's sections
 * are bound ({@link ProfileSections#bind}), whichever comes first.
 */
public final class RenamedSettings {

  /**
   * An old key within a profile (a pattern over the key after the profile's name, as {@code
   * nrt[0].mode}), its name now ({@code $1} is the pattern's group) and why it moved.
   */
  private record Renamed(Pattern old, String now, String why) {
    Renamed(String old, String now, String why) {
      this(Pattern.compile(old), now, why);
    }
  }

  private static final String SECTIONS = "each benchmark's settings are its own section";

  private static final List<Renamed> RENAMED =
      List.of(
          new Renamed("knn\\.docs", "knn.max-docs", "the knn section's name"),
          new Renamed("knn\\.queries", "knn.max-queries", "the knn section's name"),
          new Renamed("knn\\.formats", "knn.vector-formats", "the knn section's name"),
          new Renamed("repetitions", "search.repetitions", SECTIONS),
          new Renamed("warmup", "search.warmup", SECTIONS),
          new Renamed("max-warmup-seconds", "search.max-warmup-sec", SECTIONS),
          new Renamed("queries-per-category", "generate-tasks.per-category", SECTIONS),
          new Renamed(
              "ram-buffer-mb",
              "indexing[i].ram-buffer-mb and nrt[i].ram-buffer-mb",
              "each variant's, 64 when left out"),
          new Renamed("indexing\\[(\\d+)\\]\\.name", "indexing[$1].variant", "IndexSpec's name"),
          new Renamed("nrt\\[(\\d+)\\]\\.mode", "nrt[$1].variant", "NrtSpec's name"),
          new Renamed("pk-lookups\\.(.+)", "pk-lookup.$1", "the benchmark's name"),
          new Renamed(
              "measurements\\.stored-fields\\.flush-docs",
              "stored-fields.max-buffered-docs",
              SECTIONS),
          new Renamed("measurements\\.(.+)", "$1", SECTIONS));

  private RenamedSettings() {}

  /**
   * What {@code key} (within a profile, e.g. {@code nrt[0].mode}) is called now, with why: {@code
   * nrt[0].variant (NrtSpec's name)}; empty for a key that was not renamed.
   */
  public static Optional<String> now(String key) {
    for (Renamed renamed : RENAMED) {
      Matcher old = renamed.old().matcher(key);
      if (old.matches()) {
        return Optional.of(old.replaceFirst(renamed.now()) + " (" + renamed.why() + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * @param profile one profile's properties as the binder's nested maps (a list's entries keyed
   *     {@code "0"}, {@code "1"}, …)
   * @throws IllegalArgumentException naming the first renamed key and its name now
   */
  static void check(Map<String, Object> profile) {
    check("", profile);
  }

  private static void check(String prefix, Map<?, ?> values) {
    values.forEach(
        (key, value) -> {
          String name =
              String.valueOf(key).matches("\\d+")
                  ? prefix + "[" + key + "]"
                  : (prefix.isEmpty() ? "" : prefix + ".") + key;
          if (value instanceof Map<?, ?> nested) {
            check(name, nested);
          } else {
            now(name)
                .ifPresent(
                    now -> {
                      throw new IllegalArgumentException(name + " is now " + now);
                    });
          }
        });
  }
}
