package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MapPropertySource;

/** The profiles as the application and its tests configure them, bound without a context. */
public final class ConfiguredProfiles {

  private ConfiguredProfiles() {}

  public static Map<String, BenchmarkProfile> all() throws IOException {
    Properties properties = new Properties();
    for (String file : List.of("application.properties", "application-test.properties")) {
      try (Reader reader = new StringReader(resource(file))) {
        properties.load(reader);
      }
    }
    Map<String, Object> map = new HashMap<>();
    properties.forEach((k, v) -> map.put((String) k, v));
    Binder binder =
        new Binder(ConfigurationPropertySources.from(new MapPropertySource("profiles", map)));
    return new LinkedHashMap<>(
        binder
            .bind(
                "nightbench.runner.profiles", Bindable.mapOf(String.class, BenchmarkProfile.class))
            .get());
  }

  public static String resource(String name) throws IOException {
    try (InputStream in = ConfiguredProfiles.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
