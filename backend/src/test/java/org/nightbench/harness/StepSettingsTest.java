package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.MeasuringVersion;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.SearchSpec;

/**
 * The settings a point records: the same profile gives the same hash whatever directories a run
 * works in, and a changed setting or JVM flag a different one, named as the profile names it.
 */
class StepSettingsTest {

  @Test
  void aRunsPathsDoNotShapeTheSettingsItsSettingsDo() throws IOException {
    ProfileSpecs suite = new ProfileSpecs(ConfiguredProfiles.all().get("suite"));
    NrtSpec variant = suite.profile().nrt().get("plain");
    NrtSpec tonight = suite.nrt(variant, dir(1, "index"), dir(1, "nrt"), dir(1, "c"), null);
    NrtSpec tomorrow = suite.nrt(variant, dir(2, "index"), dir(2, "nrt"), dir(2, "c"), null);
    StepSettings settings = StepSettings.of(tonight, List.of("-Xmx256m"));

    assertThat(settings.type()).isEqualTo("nrt");
    assertThat(settings.measuringVersion()).isEqualTo(MeasuringVersion.CURRENT);
    assertThat(settings.values())
        .containsEntry("reopen-interval-ms", "100")
        .containsEntry("variant", "plain")
        .containsEntry(StepSettings.JVM_ARGS, "-Xmx256m")
        .doesNotContainKeys("index-dir", "work-dir", "corpus", "tasks");
    assertThat(settings.canonicalJson()).doesNotContain("/run-");
    assertThat(StepSettings.of(tomorrow, List.of("-Xmx256m")).hash()).isEqualTo(settings.hash());
    assertThat(settings.hash()).matches("[0-9a-f]{64}");

    NrtSpec faster = SpecCopies.with(variant, Map.of("reopenIntervalMs", 50.0));
    NrtSpec changed = suite.nrt(faster, dir(2, "index"), dir(2, "nrt"), dir(2, "c"), null);
    assertThat(StepSettings.of(changed, List.of("-Xmx256m")).hash()).isNotEqualTo(settings.hash());
    assertThat(StepSettings.of(tonight, List.of("-Xmx512m")).hash()).isNotEqualTo(settings.hash());
  }

  @Test
  void eachSearchJvmKeepsItsOwnSeedNightAfterNight() throws IOException {
    ProfileSpecs suite = new ProfileSpecs(ConfiguredProfiles.all().get("suite"));
    SearchSpec first = suite.search(dir(1, "index"), dir(1, "tasks"), 1);
    SearchSpec again = suite.search(dir(2, "index"), dir(2, "tasks"), 1);
    assertThat(StepSettings.of(first, List.of()).canonicalJson())
        .isEqualTo(StepSettings.of(again, List.of()).canonicalJson())
        .startsWith("{\"type\":\"search\",\"settings\":{");
  }

  private static Path dir(int run, String name) {
    return Path.of("/work/run-" + run, name);
  }
}
