package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class CsvTest {

  @Test
  void quotesOnlyWhatNeedsQuotingAndLeavesNullsEmpty() {
    Csv csv =
        new Csv("task", "value", "note")
            .row("HighTerm", 12.5, null)
            .row("Or, HighMed", 3, "said \"hi\"\nthen left")
            .row("x", Instant.parse("2026-01-02T03:04:05Z"), "");

    assertThat(csv.toString())
        .isEqualTo(
            "task,value,note\n"
                + "HighTerm,12.5,\n"
                + "\"Or, HighMed\",3,\"said \"\"hi\"\"\nthen left\"\n"
                + "x,2026-01-02T03:04:05Z,\n");
  }

  @Test
  void isSentAsAnAttachmentOfTypeTextCsv() {
    var response = new Csv("a").row(1).download("runs.csv");

    assertThat(response.getHeaders().getContentType().toString())
        .isEqualTo("text/csv;charset=UTF-8");
    assertThat(response.getHeaders().getContentDisposition().getFilename()).isEqualTo("runs.csv");
    assertThat(response.getBody()).isEqualTo("a\n1\n");
  }
}
