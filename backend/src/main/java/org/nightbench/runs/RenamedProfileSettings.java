package org.nightbench.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

/**
 * Stops the start on a profile setting that was renamed. The binder passes over a key that nothing
 * reads, so a profile still saying {@code knn.docs} would quietly measure another number of
 * documents and step every series of it; a one-line error names the new key instead.
 */
@Component
class RenamedProfileSettings {

  /** Old key within a profile → its name since the {@code knn} section became a {@code KnnSpec}. */
  static final Map<String, String> RENAMED =
      Map.of(
          "knn.docs", "knn.max-docs",
          "knn.queries", "knn.max-queries",
          "knn.formats", "knn.vector-formats");

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
   * @throws IllegalStateException naming the first renamed key among {@code names}, as {@code
   *     nightbench.runner.profiles.NAME.knn.docs}
   */
  static void check(Stream<ConfigurationPropertyName> names) {
    names
        .filter(name -> PROFILES.isAncestorOf(name) && name.getNumberOfElements() > 4)
        .forEach(
            name -> {
              String setting = name.subName(4).toString();
              String now = RENAMED.get(setting);
              if (now != null) {
                throw new IllegalStateException(
                    name + " is now " + name.chop(4) + "." + now + " (the knn section's name)");
              }
            });
  }
}
