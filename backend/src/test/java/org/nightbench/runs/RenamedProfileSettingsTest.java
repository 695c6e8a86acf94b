package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** A profile key renamed with the knn section stops the start naming its new key. */
class RenamedProfileSettingsTest {

  @Test
  void anOldKnnKeyStopsTheStartNamingTheNewOne() {
    StandardEnvironment environment =
        environment(Map.of("nightbench.runner.profiles.old.knn.docs", "5000"));

    assertThatThrownBy(() -> new RenamedProfileSettings(environment))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "nightbench.runner.profiles.old.knn.docs is now"
                + " nightbench.runner.profiles.old.knn.max-docs (the knn section's name)");
  }

  @Test
  void anEnvironmentVariableIsReadAsTheSameKey() {
    StandardEnvironment environment = new StandardEnvironment();
    // Read as the environment only under its own name, as Spring Boot maps variables to keys.
    String name = StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME;
    environment
        .getPropertySources()
        .replace(
            name,
            new SystemEnvironmentPropertySource(
                name, Map.of("NIGHTBENCH_RUNNER_PROFILES_OLD_KNN_FORMATS", "hnsw")));

    assertThatThrownBy(() -> new RenamedProfileSettings(environment))
        .hasMessageContaining("is now nightbench.runner.profiles.old.knn.vector-formats");
  }

  @Test
  void theNewKeysAndOtherSectionsPass() {
    StandardEnvironment environment =
        environment(
            Map.of(
                "nightbench.runner.profiles.new.knn.max-docs", "5000",
                "nightbench.runner.profiles.new.knn.max-queries", "10",
                "nightbench.runner.profiles.new.vector-indexing.formats", "int8",
                "nightbench.runner.profiles.new.max-docs", "100"));

    assertThatCode(() -> new RenamedProfileSettings(environment)).doesNotThrowAnyException();
  }

  private static StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return environment;
  }
}
