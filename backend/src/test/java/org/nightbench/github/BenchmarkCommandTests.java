package org.nightbench.github;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkCommandTests {

  @Test
  void readsTheFirstLineOnly() {
    BenchmarkCommand command =
        BenchmarkCommand.parse(
            "/benchmark full HighTerm,OrHighHigh --jvms 4 --corpus europarl\nok?");
    assertThat(command.kind()).isEqualTo("full");
    assertThat(command.categories()).containsExactly("HighTerm", "OrHighHigh");
    assertThat(command.jvms()).isEqualTo(4);
    assertThat(command.corpus()).isEqualTo("europarl");
    assertThat(BenchmarkCommand.parse(command.describe())).isEqualTo(command);
    assertThat(BenchmarkCommand.parse("/benchmark search").categories()).isEmpty();
  }

  @Test
  void onlyCommentsStartingWithTheCommandAreCommands() {
    assertThat(BenchmarkCommand.isCommand("  /benchmark search")).isTrue();
    assertThat(BenchmarkCommand.isCommand("/benchmarks search")).isFalse();
    assertThat(BenchmarkCommand.isCommand("please /benchmark search")).isFalse();
    assertThat(BenchmarkCommand.isCommand(null)).isFalse();
  }

  @Test
  void refusesWhatItCannotReadInOneLineThatEchoesNoMarkup() {
    for (List<String> bad :
        List.of(
            List.of("/benchmark", "say what to benchmark"),
            List.of("/benchmark rm -rf /", "unknown command `rm`"),
            List.of("/benchmark search --jvms", "`--jvms` needs a value"),
            List.of("/benchmark search --jvms 1", "between 2 and 20"),
            List.of("/benchmark search --jvms 1e9", "is no number"),
            List.of("/benchmark search --corpus ../../etc/passwd", "is no corpus name"),
            List.of("/benchmark search --evil x", "unknown option"),
            List.of("/benchmark search A B", "one task filter only"),
            List.of("/benchmark search High`Term", "`High?Term` is no task category"),
            List.of("/benchmark search <img src=x>", "is no task category"),
            List.of("/benchmark help HighTerm", "takes nothing more"),
            List.of("/benchmark search " + "A".repeat(400), "longer than 300"))) {
      assertThatThrownBy(() -> BenchmarkCommand.parse(bad.get(0)))
          .as(bad.get(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(bad.get(1))
          .hasMessageNotContaining("<img")
          .satisfies(e -> assertThat(e.getMessage().lines().count()).isEqualTo(1));
    }
  }

  @Test
  void signaturesAreHmacSha256OfTheBodyUnderTheSecret() {
    byte[] body = "{\"zen\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    String signature = WebhookSignature.sign("secret", body);
    assertThat(signature).startsWith("sha256=").hasSize(7 + 64);
    assertThat(WebhookSignature.valid("secret", body, signature)).isTrue();
    assertThat(
            WebhookSignature.valid("secret", body, signature.toUpperCase().replace("SHA", "sha")))
        .isTrue();
    assertThat(WebhookSignature.valid("other", body, signature)).isFalse();
    assertThat(WebhookSignature.valid("secret", new byte[0], signature)).isFalse();
    assertThat(WebhookSignature.valid("secret", body, null)).isFalse();
    assertThat(WebhookSignature.valid("secret", body, "sha1=abc")).isFalse();
  }
}
