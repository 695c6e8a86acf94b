package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

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
  void aKeyFromBeforeTheSectionsBoundIntoTheRecordsNamesItsSection() {
    assertThat(renamed("repetitions"))
        .isEqualTo(
            "nightbench.runner.profiles.old.repetitions is now"
                + " nightbench.runner.profiles.old.search.repetitions"
                + " (each benchmark's settings are its own section)");
    assertThat(renamed("max-warmup-seconds")).contains("is now " + OLD + "search.max-warmup-sec");
    assertThat(renamed("queries-per-category"))
        .contains("is now " + OLD + "generate-tasks.per-category");
    assertThat(renamed("ram-buffer-mb"))
        .contains("is now " + OLD + "indexing[i].ram-buffer-mb and nrt[i].ram-buffer-mb");
    assertThat(renamed("indexing[2].name")).contains("is now " + OLD + "indexing[2].variant");
    assertThat(renamed("nrt[1].mode")).contains("is now " + OLD + "nrt[1].variant");
    assertThat(renamed("pk-lookups.batches")).contains("is now " + OLD + "pk-lookup.batches");
    assertThat(renamed("measurements.check-index")).contains("is now " + OLD + "check-index");
    assertThat(renamed("measurements.cold-search.queries"))
        .contains("is now " + OLD + "cold-search.queries");
    assertThat(renamed("measurements.stored-fields.flush-docs"))
        .contains("is now " + OLD + "stored-fields.max-buffered-docs");
  }

  private static final String OLD = "nightbench.runner.profiles.old.";

  private static String renamed(String key) {
    StandardEnvironment environment = environment(Map.of(OLD + key, "1"));
    Throwable thrown = catchThrowable(() -> new RenamedProfileSettings(environment));
    assertThat(thrown).as(key).isInstanceOf(IllegalStateException.class);
    return thrown.getMessage();
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
                "nightbench.runner.profiles.new.max-docs", "100",
                "nightbench.runner.profiles.new.search.warmup", "3",
                "nightbench.runner.profiles.new.indexing[0].ram-buffer-mb", "16",
                "nightbench.runner.profiles.new.nrt[0].variant", "merging",
                "nightbench.runner.profiles.new.nrt[0].name", "merging"));

    assertThatCode(() -> new RenamedProfileSettings(environment)).doesNotThrowAnyException();
  }

  private static StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return environment;
  }
}
