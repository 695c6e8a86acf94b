package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.NightlyMeasurements;
import org.nightbench.harness.NrtVariant;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/** The shipped profiles bind to the whole suite, and a bad setting stops the binding. */
@SpringBootTest
@ActiveProfiles("test")
class ProfileBindingTests {

  @Autowired RunnerProperties settings;

  @Test
  void theNightlyProfileMeasuresTheWholeSuite() {
    BenchmarkProfile nightly = settings.profile("nightly");

    assertThat(nightly.indexing())
        .extracting(IndexingVariant::name)
        .containsExactly("1kb-docs", "4kb-docs", "1kb-docs-deterministic");
    assertThat(nightly.indexing().get(2).deterministic()).isTrue();
    assertThat(nightly.pkLookups().minBatchSeconds()).isEqualTo(1.0);
    assertThat(nightly.nrt())
        .extracting(NrtVariant::name, NrtVariant::mode)
        .containsExactly(
            tuple("plain", "plain"),
            tuple("merging", "merging"),
            tuple("throttled", "throttled"),
            tuple("plain-no-merge-wait", "plain"));
    assertThat(nightly.nrt().get(3).maxFullFlushMergeWaitMs()).isZero();
    assertThat(nightly.nrt().get(0).maxFullFlushMergeWaitMs()).isNull();
    assertThat(nightly.loadDirectories().directories()).containsExactly("mmap", "bytebuffers");
    assertThat(nightly.disturbance().disturbedPercent()).isEqualTo(5.0);
    NightlyMeasurements measurements = nightly.measurements();
    assertThat(measurements.storedFieldsModes().modes()).containsExactly("speed", "compression");
    assertThat(measurements.storedFields().warmupPass()).isTrue();
    assertThat(measurements.storedFields().retrievals()).isEqualTo(10_000);
    assertThat(measurements.checkIndex()).isTrue();
    assertThat(measurements.pkPostings().formats()).containsExactly("Direct", "FST50");
    assertThat(measurements.coldSearch().queries()).isEqualTo(20);
    assertThat(settings.profile("quick").measurements().storedFields().maxDocs()).isEqualTo(5000);
    // JFR profiles (issue 18): recorded every night, not in the quick demo.
    assertThat(nightly.jfr()).isTrue();
    assertThat(settings.profile("quick").jfr()).isFalse();
  }

  @Test
  void anUnknownStoredFieldsModeInAProfileIsOneLineNamingIt() {
    Binder binder =
        new Binder(
            new MapConfigurationPropertySource(
                Map.of(
                    "nightbench.runner.profiles.bad.search-jvms", "1",
                    "nightbench.runner.profiles.bad.repetitions", "2",
                    "nightbench.runner.profiles.bad.measurements.stored-fields.modes", "fast")));
    Throwable root = null;
    try {
      binder.bind("nightbench.runner", RunnerProperties.class);
    } catch (RuntimeException e) {
      root = e;
    }
    while (root != null && root.getCause() != null) {
      root = root.getCause();
    }
    assertThat(root)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stored-fields mode 'fast' is unknown; use one of [compression, speed]");
  }

  @Test
  void aNegativeRateInAProfileIsOneLineNamingIt() {
    Binder binder =
        new Binder(
            new MapConfigurationPropertySource(
                Map.of(
                    "nightbench.runner.profiles.bad.search-jvms", "1",
                    "nightbench.runner.profiles.bad.repetitions", "2",
                    "nightbench.runner.profiles.bad.nrt[0].name", "plain",
                    "nightbench.runner.profiles.bad.nrt[0].update-rate", "-10",
                    "nightbench.runner.profiles.bad.nrt[0].duration-seconds", "5")));

    Throwable failure = null;
    try {
      binder.bind("nightbench.runner", RunnerProperties.class);
    } catch (RuntimeException e) {
      failure = e;
    }
    Throwable root = failure;
    while (root != null && root.getCause() != null) {
      root = root.getCause();
    }
    assertThat(root)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("nrt variant 'plain' update-rate must be greater than 0, got -10");
  }
}
