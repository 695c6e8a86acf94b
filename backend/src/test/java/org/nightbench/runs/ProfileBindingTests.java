package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.StoredFieldsSpec;
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
        .extracting(IndexSpec::variant, IndexSpec::ramBufferMb)
        .containsExactly(
            tuple("1kb-docs", 256.0),
            tuple("4kb-docs", 256.0),
            tuple("1kb-docs-deterministic", 256.0));
    assertThat(nightly.indexing().get(2).deterministic()).isTrue();
    assertThat(nightly.section(PkLookupSpec.class).orElseThrow().minBatchSeconds()).isEqualTo(1.0);
    assertThat(nightly.nrt())
        .containsOnlyKeys("plain", "merging", "throttled", "plain-no-merge-wait");
    assertThat(nightly.nrt().values())
        .extracting(NrtSpec::variant)
        .containsExactly("plain", "merging", "throttled", "plain");
    assertThat(nightly.nrt().get("plain-no-merge-wait").maxFullFlushMergeWaitMs()).isZero();
    assertThat(nightly.nrt().get("plain").maxFullFlushMergeWaitMs()).isNull();
    assertThat(nightly.search().repetitions()).isEqualTo(50);
    assertThat(nightly.search().maxWarmupSec()).isEqualTo(30.0);
    assertThat(nightly.generateTasks().perCategory()).isEqualTo(20);
    assertThat(nightly.loadDirectories().directories()).containsExactly("mmap", "bytebuffers");
    assertThat(nightly.disturbance().disturbedPercent()).isEqualTo(5.0);
    assertThat(nightly.storedFieldsModes().modes()).containsExactly("speed", "compression");
    StoredFieldsSpec storedFields = nightly.section(StoredFieldsSpec.class).orElseThrow();
    assertThat(storedFields.warmupPass()).isTrue();
    assertThat(storedFields.retrievals()).isEqualTo(10_000);
    assertThat(nightly.section(CheckIndexSpec.class)).isPresent();
    assertThat(nightly.section(PkPostingsSpec.class).orElseThrow().formats())
        .containsExactly("Direct", "FST50");
    assertThat(nightly.section(ColdSearchSpec.class).orElseThrow().queries()).isEqualTo(20);
    assertThat(settings.profile("quick").section(StoredFieldsSpec.class).orElseThrow().maxDocs())
        .isEqualTo(5000);
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
                    "nightbench.runner.profiles.bad.stored-fields.modes", "fast")));
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
        .hasMessage("--update-rate must be > 0, not -10");
    // The start's one line names the profile, the entry and the setting.
    Throwable named = failure;
    while (named != null && !String.valueOf(named.getMessage()).startsWith("profile bad")) {
      named = named.getCause();
    }
    assertThat(named).hasMessage("profile bad: nrt[0]: --update-rate must be > 0, not -10");
  }
}
