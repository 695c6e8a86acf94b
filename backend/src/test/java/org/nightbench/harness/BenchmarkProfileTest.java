package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.PkLookupSpec;

/** Bad profile settings fail when the configuration is bound, with one line naming them. */
class BenchmarkProfileTest {

  @Test
  void aProfileWithoutVariantsIndexesWholeLinesOnce() {
    BenchmarkProfile profile = profile(null, null);

    assertThat(profile.indexing()).extracting(IndexingVariant::name).containsExactly("default");
    assertThat(profile.searchIndex().docChars()).isZero();
    assertThat(profile.nrt()).isEmpty();
  }

  @Test
  void badSettingsAreOneLineNamingTheSettingAndValue() {
    assertThatThrownBy(() -> new NrtVariant("plain", null, -5, 0, 1, 10, 0, null, 0))
        .hasMessage("nrt variant 'plain' update-rate must be greater than 0, got -5");
    assertThatThrownBy(() -> new IndexingVariant("1kb", 1024, -1, false, null, null, 0))
        .hasMessage("indexing variant '1kb' threads must be at least 1, got -1");
    assertThatThrownBy(() -> new IndexingVariant("1kb", 1024, 1, false, "ramdisk", null, 0))
        .hasMessage(
            "indexing variant '1kb' directory 'ramdisk' is unknown; use one of [bytebuffers,"
                + " mmap, nio]");
    assertThatThrownBy(() -> new IndexingVariant("1kb", 1024, 2, true, null, null, 0))
        .hasMessage(
            "indexing variant '1kb' is deterministic and so single-threaded, but threads is 2");
    assertThatThrownBy(() -> new LoadDirectories(List.of("mmap", "tmpfs")))
        .hasMessage("load directory 'tmpfs' is unknown; use one of [bytebuffers, mmap]");
    // The profile's load section is the harness's record: its one rule, its words.
    assertThatThrownBy(() -> load(-2, null)).hasMessage("--threads must be > 0, not -2");
    assertThatThrownBy(() -> load(null, 0.5)).hasMessage("--step-factor must be > 1, not 0.5");
    // The profile's pk-lookups section is the harness's record: its one rule, its words.
    assertThatThrownBy(() -> new PkLookupSpec(null, null, -1.0, null, null, null))
        .hasMessage("min-batch-seconds must be >= 0 and <= 3600, got -1.0");
    assertThatThrownBy(() -> new IndexingVariant("1 kb", 0, 1, false, null, null, 0))
        .hasMessage("indexing variant name '1 kb' may hold only letters, digits, '.', '_' and '-'");
  }

  @Test
  void theIndexTheQueriesReadMustBeOnDisk() {
    assertThatThrownBy(
            () ->
                profile(
                    List.of(new IndexingVariant("heap", 0, 1, false, "bytebuffers", null, 0)),
                    null))
        .hasMessageContaining("cannot be on heap");
  }

  @Test
  void variantNamesAreSeriesNamesAndMustDiffer() {
    NrtVariant plain = new NrtVariant("plain", "plain", 100, 0, 1, 10, 0, null, 0);
    assertThatThrownBy(() -> profile(null, List.of(plain, plain)))
        .hasMessageStartingWith("nrt variant names must differ");
  }

  private static LoadSpec load(Integer threads, Double stepFactor) {
    return new LoadSpec(
        null, null, null, threads, null, stepFactor, null, null, null, null, null, null);
  }

  private static BenchmarkProfile profile(List<IndexingVariant> indexing, List<NrtVariant> nrt) {
    return new BenchmarkProfile(
        100, 16, 1, 5, 1, 2, 7, null, List.of(), indexing, null, nrt, null, null, null, null, null,
        null, null, null, null, false, null);
  }
}
