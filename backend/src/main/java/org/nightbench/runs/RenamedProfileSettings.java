package org.nightbench.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

/**
 * Stops the start on a profile setting that was renamed. The binder passes over a key that nothing
 * reads, so a profile still saying {@code repetitions} or {@code knn.docs} would quietly measure
 * with the default and step every series of it; a one-line error names the new key instead.
 */
@Component
class RenamedProfileSettings {

  /**
   * An old key within a profile (a pattern over the key after the profile's name, as {@code
   * nrt[0].mode}), its name now ({@code $1} is the pattern's group) and why it moved.
   */
  record Renamed(Pattern old, String now, String why) {
    Renamed(String old, String now, String why) {
      this(Pattern.compile(old), now, why);
    }
  }

  private static final String SECTIONS = "each benchmark's settings are its own section";

  static final List<Renamed> RENAMED =
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

  private static final ConfigurationPropertyName PROFILES =
      ConfigurationPropertyName.of("nightbench.runner.profiles");

  RenamedProfileSettings(ConfigurableEnvironment environment) {
    List<ConfigurationPropertyName> names = new ArrayList<>();
    for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
      if (source instanceof IterableConfigurationPropertySource iterable) {
        iterable.stream().forEach(names::add);
      }
    }
    check(names.stream());
  }

  /**
   * @throws IllegalStateException naming the first renamed key among {@code names} and its name
   *     now, as {@code nightbench.runner.profiles.NAME.repetitions is now
   *     nightbench.runner.profiles.NAME.search.repetitions}
   */
  static void check(Stream<ConfigurationPropertyName> names) {
    names
        .filter(name -> PROFILES.isAncestorOf(name) && name.getNumberOfElements() > 4)
        .forEach(
            name -> {
              String setting = name.subName(4).toString();
              for (Renamed renamed : RENAMED) {
                Matcher old = renamed.old().matcher(setting);
                if (old.matches()) {
                  throw new IllegalStateException(
                      name
                          + " is now "
                          + name.chop(4)
                          + "."
                          + old.replaceFirst(renamed.now())
                          + " ("
                          + renamed.why()
                          + ")");
                }
              }
            });
  }
}
