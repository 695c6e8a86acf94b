package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.MapPropertySource;

/** The profiles as the application and its tests configure them, bound without a context. */
public final class ConfiguredProfiles {

  private ConfiguredProfiles() {}

  public static Map<String, BenchmarkProfile> all() throws IOException {
    return all(List.of());
  }

  /** The same with the properties of {@code more} files of the test's class path on top. */
  public static Map<String, BenchmarkProfile> all(List<String> more) throws IOException {
    Properties properties = new Properties();
    List<String> files =
        new ArrayList<>(List.of("application.properties", "application-test.properties"));
    files.addAll(more);
    for (String file : files) {
      try (Reader reader = new StringReader(resource(file))) {
        properties.load(reader);
      }
    }
    Map<String, Object> map = new HashMap<>();
    properties.forEach((k, v) -> map.put((String) k, v));
    return bind(map);
  }

  /**
   * The profiles of {@code properties} ({@code nightbench.runner.profiles.NAME.…} keys), bound as
   * the application binds them: the profile record, then its sections.
   */
  public static Map<String, BenchmarkProfile> bind(Map<String, ?> properties) {
    Map<String, Object> map = new HashMap<>(properties);
    Binder binder =
        new Binder(ConfigurationPropertySources.from(new MapPropertySource("profiles", map)));
    Map<String, BenchmarkProfile> profiles =
        binder
            .bind(
                "nightbench.runner.profiles", Bindable.mapOf(String.class, BenchmarkProfile.class))
            .get();
    Map<String, Map<String, Object>> sections =
        binder
            .bind(
                "nightbench.runner.profiles",
                Bindable.<Map<String, Map<String, Object>>>of(
                    ResolvableType.forClassWithGenerics(
                        Map.class,
                        ResolvableType.forClass(String.class),
                        ResolvableType.forClassWithGenerics(
                            Map.class, String.class, Object.class))))
            .get();
    return new LinkedHashMap<>(ProfileSections.bind(profiles, sections));
  }

  public static String resource(String name) throws IOException {
    try (InputStream in = ConfiguredProfiles.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
