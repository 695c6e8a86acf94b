package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.PkLookupSpec;

/**
 * A profile's sections bind into the spec records, and a bad setting fails when the configuration
 * is bound with one line naming the section, the setting and the value (the record's own check).
 */
class BenchmarkProfileTest {

  @Test
  void aProfileWithoutVariantsIndexesWholeLinesOnce() {
    BenchmarkProfile profile = profile(Map.of());

    assertThat(profile.indexing()).extracting(IndexSpec::variant).containsExactly("default");
    assertThat(profile.searchIndex().docChars()).isZero();
    assertThat(profile.nrt()).isEmpty();
    assertThat(profile.search().repetitions()).isEqualTo(20);
    assertThat(profile.section(PkLookupSpec.class)).isEmpty();
  }

  @Test
  void badSettingsAreOneLineNamingTheSectionTheSettingAndTheValue() {
    assertThatThrownBy(
            () -> profile(Map.of("nrt", entry(Map.of("name", "plain", "update-rate", "-5")))))
        .hasMessage("nrt[0]: --update-rate must be > 0, not -5");
    assertThatThrownBy(() -> profile(Map.of("indexing", entry(Map.of("threads", "-1")))))
        .hasMessage("indexing[0]: threads must be >= 1, got -1");
    assertThatThrownBy(() -> profile(Map.of("indexing", entry(Map.of("directory", "ramdisk")))))
        .hasMessage("indexing[0]: unknown directory ramdisk: use mmap, nio or bytebuffers");
    assertThatThrownBy(
            () ->
                profile(Map.of("indexing", entry(Map.of("threads", "2", "deterministic", "true")))))
        .hasMessage("indexing[0]: deterministic indexing needs threads 1, got 2");
    assertThatThrownBy(() -> profile(Map.of("indexing", entry(Map.of("variant", "1 kb")))))
        .hasMessage("indexing[0]: variant must be letters, digits, '.', '_' or '-', got '1 kb'");
    assertThatThrownBy(() -> profile(Map.of("search", Map.of("warmup", "20"))))
        .hasMessage("search: warmup must be >= 0 and < repetitions (20), got 20");
    assertThatThrownBy(() -> profile(Map.of("generate-tasks", Map.of("per-category", "0"))))
        .hasMessage("generate-tasks: per-category must be >= 1, got 0");
    assertThatThrownBy(() -> new LoadDirectories(List.of("mmap", "tmpfs")))
        .hasMessage("load directory 'tmpfs' is unknown; use one of [bytebuffers, mmap]");
    assertThatThrownBy(() -> profile(Map.of("load", Map.of("threads", "-2"))))
        .hasMessage("load: --threads must be > 0, not -2");
    assertThatThrownBy(() -> profile(Map.of("pk-lookup", Map.of("min-batch-seconds", "-1"))))
        .hasMessage("pk-lookup: min-batch-seconds must be >= 0 and <= 3600, got -1.0");
    assertThatThrownBy(
            () -> profile(Map.of("nrt", entry(Map.of("name", "a", "reopen-intervall-ms", "50")))))
        .hasMessageStartingWith("nrt[0]: unknown setting reopen-intervall-ms; NrtSpec has ")
        .hasMessageContaining("reopen-interval-ms");
    assertThatThrownBy(() -> profile(Map.of("search", Map.of("repetitons", "20"))))
        .hasMessageStartingWith("search: unknown setting repetitons; SearchSpec has ")
        .hasMessageContaining(", repetitions,");
    assertThatThrownBy(() -> profile(Map.of("check-index", "yes")))
        .hasMessage("check-index must be a section of settings, true or false, got 'yes'");
  }

  @Test
  void aSectionGivenAsTrueRunsAtTheRecordsDefaults() {
    assertThat(
            profile(Map.of("check-index", "true"))
                .section(org.nightbench.protocol.CheckIndexSpec.class))
        .isPresent();
    assertThat(
            profile(Map.of("check-index", "false"))
                .section(org.nightbench.protocol.CheckIndexSpec.class))
        .isEmpty();
    assertThat(
            profile(Map.of("load", Map.of("directories", "bytebuffers"))).section(LoadSpec.class))
        .as("a section naming only its fan-out asks for the benchmark")
        .isPresent();
  }

  /** Whether or not the environment was read for old keys before, binding names them. */
  @Test
  void anOldKeyStopsTheBindingNamingItsNameNow() {
    BenchmarkProfile bare =
        new BenchmarkProfile(100, 1, 7, null, List.of(), null, null, null, null, false, null);
    Map<String, Object> old = Map.of("indexing", Map.of("0", Map.of("name", "1kb")));

    assertThatThrownBy(() -> ProfileSections.bind(Map.of("mine", bare), Map.of("mine", old)))
        .hasMessage("profile mine: indexing[0].name is now indexing[0].variant (IndexSpec's name)");
    assertThatThrownBy(
            () ->
                ProfileSections.bind(
                    Map.of("mine", bare),
                    Map.of("mine", Map.of("measurements", Map.of("check-index", "true")))))
        .hasMessage(
            "profile mine: measurements.check-index is now check-index"
                + " (each benchmark's settings are its own section)");
  }

  @Test
  void theIndexTheQueriesReadMustBeOnDisk() {
    assertThatThrownBy(
            () ->
                profile(
                    Map.of(
                        "indexing", entry(Map.of("variant", "heap", "directory", "bytebuffers")))))
        .hasMessageContaining("cannot be on heap");
  }

  @Test
  void variantNamesAreSeriesNamesAndMustDiffer() {
    Map<String, Object> plain = Map.of("name", "plain", "update-rate", "100");
    assertThatThrownBy(() -> profile(Map.of("nrt", Map.of("0", plain, "1", plain))))
        .hasMessage("nrt variant names must differ: plain");
    assertThatThrownBy(
            () ->
                profile(
                    Map.of(
                        "indexing",
                        Map.of("0", Map.of("variant", "a"), "1", Map.of("variant", "a")))))
        .hasMessage("indexing variants must differ: [a, a]");
    assertThatThrownBy(() -> profile(Map.of("nrt", entry(Map.of("update-rate", "100")))))
        .hasMessage("nrt[0] needs a name");
  }

  @Test
  void listEntriesKeepTheirNumbersOrder() {
    Map<String, Object> numbered =
        Map.of(
            "10", Map.of("variant", "ten"),
            "2", Map.of("variant", "two"),
            "0", Map.of("variant", "zero"));
    assertThat(profile(Map.of("indexing", numbered)).indexing())
        .extracting(IndexSpec::variant)
        .containsExactly("zero", "two", "ten");
  }

  private static Map<String, Object> entry(Map<String, Object> settings) {
    return Map.of("0", settings);
  }

  private static BenchmarkProfile profile(Map<String, Object> sections) {
    return new BenchmarkProfile(100, 1, 7, null, List.of(), null, null, null, null, false, null)
        .withSections(ProfileSections.of(sections));
  }
}
