package org.nightbench.attribution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What else changed between two runs, from what each recorded. */
class EnvironmentChangesTests {

  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void everyFieldThatDiffersIsOneLineAndTheSameRecordIsNone() {
    JsonNode state =
        json.readTree(
            "{\"governor\":\"performance\",\"turbo\":\"off\",\"kernel\":\"6.1.0-27\","
                + "\"cores\":8,\"memTotalMb\":32000,\"jdk\":\"Temurin 25.0.1\"}");
    JsonNode environment =
        json.readTree(
            "{\"jvmArgs\":[\"-Xmx2g\"],\"nightbench\":\"0.1.0 abc1234\","
                + "\"harness\":\"nightbench-harness-1a2b.jar\",\"tasksSha256\":null,"
                + "\"corpus\":{\"sha256\":\""
                + "a".repeat(64)
                + "\"},"
                + "\"control\":\"10.6.0\","
                + "\"machine\":{\"cpuModel\":\"EPYC 7763\",\"jdkVersion\":\"25.0.1\"}}");
    JsonNode newState =
        json.readTree(
            "{\"governor\":\"powersave\",\"turbo\":\"off\",\"kernel\":\"6.1.0-28\","
                + "\"cores\":8,\"memTotalMb\":32000,\"jdk\":\"Temurin 25.0.2\"}");
    JsonNode newEnvironment =
        json.readTree(
            "{\"jvmArgs\":[\"-Xmx2g\",\"-XX:+UseZGC\"],\"nightbench\":\"0.1.0 def5678\","
                + "\"harness\":\"nightbench-harness-1a2b.jar\",\"tasksSha256\":\""
                + "b".repeat(64)
                + "\",\"corpus\":{\"sha256\":\""
                + "c".repeat(64)
                + "\"},"
                + "\"control\":\"10.6.0\","
                + "\"machine\":{\"cpuModel\":\"EPYC 9654\",\"jdkVersion\":\"25.0.2\"}}");

    assertThat(EnvironmentChanges.between(state, environment, newState, newEnvironment))
        .containsExactly(
            "JDK: Temurin 25.0.1 → Temurin 25.0.2",
            "JDK build: 25.0.1 → 25.0.2",
            "kernel: 6.1.0-27 → 6.1.0-28",
            "CPU model: EPYC 7763 → EPYC 9654",
            "CPU governor: performance → powersave",
            "JVM flags: -Xmx2g → -Xmx2g -XX:+UseZGC",
            "Nightbench: 0.1.0 abc1234 → 0.1.0 def5678",
            "corpus sha-256: aaaaaaaaaaaa → cccccccccccc");
    assertThat(EnvironmentChanges.between(state, environment, state, environment)).isEmpty();
    // A run that recorded nothing (older, or synthetic) has no changes to show.
    assertThat(EnvironmentChanges.between(null, null, newState, newEnvironment)).isEmpty();
  }
}
