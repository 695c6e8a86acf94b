package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

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
    assertThatThrownBy(() -> new LoadSettings(List.of("mmap", "tmpfs"), 0, 0, 0, 0, 0, 0, 0, null))
        .hasMessage("load directory 'tmpfs' is unknown; use one of [bytebuffers, mmap]");
    assertThatThrownBy(() -> new LoadSettings(null, -2, 0, 0, 0, 0, 0, 0, null))
        .hasMessage("load threads must be at least 1, got -2");
    assertThatThrownBy(() -> new LoadSettings(null, 0, 0, 0.5, 0, 0, 0, 0, null))
        .hasMessage("load step-factor must be greater than 1, got 0.5");
    assertThatThrownBy(() -> new PkLookupSettings(0, -1, 0, 0))
        .hasMessage("pk-lookups min-batch-seconds must be greater than 0, got -1");
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

  private static BenchmarkProfile profile(List<IndexingVariant> indexing, List<NrtVariant> nrt) {
    return new BenchmarkProfile(
        100, 16, 1, 5, 1, 2, 7, null, List.of(), indexing, null, nrt, null, null, null, null, null,
        null, null, false);
  }
}
