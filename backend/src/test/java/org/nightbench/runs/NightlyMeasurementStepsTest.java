package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;

/** Which revisions can run PK lookups with the id postings in RAM, and what the run says if not. */
class NightlyMeasurementStepsTest {

  @Test
  void aRevisionWithLuceneCodecsRunsThem() {
    ResolvedLucene lucene =
        resolved("9.12.3", "lucene-core-9.12.3.jar", "lucene-codecs-9.12.3.jar");
    assertThat(NightlyMeasurementSteps.withoutCodecs(lucene)).isNull();
  }

  @Test
  void aRevisionWithoutLuceneCodecsIsNotedOnTheRun() {
    ResolvedLucene lucene =
        resolved("10.5.2", "lucene-core-10.5.2.jar", "lucene-queryparser-10.5.2.jar");
    assertThat(NightlyMeasurementSteps.withoutCodecs(lucene))
        .isEqualTo(
            "PK lookups with the id postings in RAM: skipped, maven:10.5.2 has no lucene-codecs"
                + " jar (the release published none, or the build made none)");
  }

  private static ResolvedLucene resolved(String version, String... jars) {
    return new ResolvedLucene(
        LuceneSpec.parse("maven:" + version),
        version,
        List.of(jars).stream().map(j -> Path.of("/m2", j)).toList(),
        null);
  }
}
