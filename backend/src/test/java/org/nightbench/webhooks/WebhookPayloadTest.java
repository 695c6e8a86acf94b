package org.nightbench.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.nightbench.attribution.Attribution;
import org.nightbench.attribution.Verdict;

/** The chat line and links of a payload, for git ranges, releases and missing ends. */
class WebhookPayloadTest {

  private static final String WEB = "https://github.com/apache/lucene";

  @Test
  void aGitRangeIsNamedByShortShasAndLinkedToItsComparison() {
    ChangePointPayload payload =
        ChangePointPayload.of(
            facts(0.1234, "improvement", "git:main", "10.1.0-SNAPSHOT", "aaaaaaa1", "bbbbbbb2"),
            "http://localhost:8080",
            WEB);
    assertThat(payload.text())
        .isEqualTo(
            "Improvement +12.3 % in indexing 1kb-docs docsPerSec on bench-1"
                + " (Lucene 10.1.0-SNAPSHOT, aaaaaaa…bbbbbbb): http://localhost:8080/series/7");
    assertThat(payload.compareUrl()).isEqualTo(WEB + "/compare/aaaaaaa1...bbbbbbb2");
  }

  @Test
  void anUnknownStartIsAQuestionMarkAndHasNoComparison() {
    ChangePointPayload payload =
        ChangePointPayload.of(
            facts(-0.02, "regression", "git:main", null, null, "bbbbbbb2"), "http://n", WEB);
    assertThat(payload.commitRange()).isEqualTo("?…bbbbbbb");
    assertThat(payload.compareUrl()).isNull();
    // No version known: the spec names what ran.
    assertThat(payload.text()).contains("−2.0 %").contains("(Lucene git:main, ?…bbbbbbb)");
  }

  @Test
  void releasesAreARangeOfVersions() {
    ChangePointPayload.Facts facts =
        facts(-0.5, "regression", "maven:9.12.3", "9.12.3", null, null);
    ChangePointPayload payload = ChangePointPayload.of(facts, "http://n", WEB);
    assertThat(payload.commitRange()).isNull();
    assertThat(payload.compareUrl()).isNull();
    assertThat(payload.text()).contains("(Lucene 9.11.1 → 9.12.3)");
  }

  @Test
  void aChangeTheMachineMadeSaysSoFirstAndCarriesItsEvidence() {
    ChangePointPayload.Facts facts =
        facts(-0.15, "regression", "git:main", "11.0.0-SNAPSHOT", "aaaaaaa1", "bbbbbbb2");
    String evidence = "the control 10.6.0 moved \u221215.0 % too (noise 0.9 %, 3 series)";
    ChangePointPayload machine =
        ChangePointPayload.of(
            facts, "http://n", WEB, new Attribution(Verdict.MACHINE, evidence, null));
    assertThat(machine.text())
        .startsWith("Machine moved, not a code regression (" + evidence + "): Regression ");
    assertThat(machine.attribution()).isEqualTo("machine");
    assertThat(machine.attributionEvidence()).isEqualTo(evidence);
    ChangePointPayload code =
        ChangePointPayload.of(
            facts, "http://n", WEB, new Attribution(Verdict.CODE, "the control stood still", null));
    assertThat(code.text()).startsWith("Regression \u221215.0 %");
    assertThat(code.attribution()).isEqualTo("code");
  }

  @Test
  void percentagesCarryATrueSign() {
    assertThat(ChangePointPayload.percent(-0.073)).isEqualTo("\u22127.3 %");
    assertThat(ChangePointPayload.percent(0.0)).isEqualTo("+0.0 %");
    assertThat(ChangePointPayload.percent(1.5)).isEqualTo("+150.0 %");
  }

  private static ChangePointPayload.Facts facts(
      double change,
      String direction,
      String spec,
      String version,
      String previousSha,
      String sha) {
    return new ChangePointPayload.Facts(
        3,
        direction,
        change,
        100,
        100 * (1 + change),
        null,
        null,
        null,
        null,
        Instant.parse("2026-01-01T00:00:00Z"),
        7,
        "indexing",
        "1kb-docs",
        "docsPerSec",
        "docs/s",
        "bench-1",
        true,
        9,
        spec,
        version,
        sha,
        8L,
        "9.11.1",
        previousSha);
  }
}
