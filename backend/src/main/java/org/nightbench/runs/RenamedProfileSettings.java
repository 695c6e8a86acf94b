package org.nightbench.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.nightbench.harness.RenamedSettings;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

/**
 * Stops the start on a profile setting that was renamed ({@link RenamedSettings}), naming the new
 * key in full, from whichever property source says it.
 */
@Component
class RenamedProfileSettings {

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
              RenamedSettings.now(setting)
                  .ifPresent(
                      now -> {
                        throw new IllegalStateException(
                            name + " is now " + name.chop(4) + "." + now);
                      });
            });
  }
}
