package org.nightbench.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run fills what a profile's section leaves out, by component name; the section's win. */
class SpecInputsTest {

  @Test
  void missingComponentsTakeTheRunsValuesAndTheSectionsOwnAreKept() {
    PkLookupSpec section = new PkLookupSpec(null, 100, null, null, null, null);

    PkLookupSpec run =
        SpecInputs.complete(
            section, Map.of("indexDir", Path.of("/w/index"), "seed", 7L, "tasks", Path.of("t")));

    assertThat(run).isEqualTo(new PkLookupSpec(Path.of("/w/index"), 100, null, null, null, 0L));
    // The record's default seed (0) is a value of the section's: the run's does not replace it.
    assertThat(section.seed()).isZero();
  }

  @Test
  void aValueOfAnotherTypeIsNotFilledIn() {
    ColdSearchSpec section = new ColdSearchSpec(null, null, 3, null, null);

    ColdSearchSpec run = SpecInputs.complete(section, Map.of("indexDir", "not a path"));

    assertThat(run.indexDir()).isNull();
    assertThatThrownBy(run::checkRequired).hasMessageContaining("indexDir");
  }
}
