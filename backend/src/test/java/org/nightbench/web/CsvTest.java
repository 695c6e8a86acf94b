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

  @Test
  void cellsASpreadsheetWouldRunAsFormulasBecomeTextButNumbersStayNumbers() {
    Csv csv =
        new Csv("note", "change")
            .row("=HYPERLINK(\"http://evil\",\"click\")", -0.073)
            .row("+cmd|' /C calc'!A0", "-1.5E-4")
            .row("@SUM(A1)", "-")
            .row("\tindented", "\rreturn")
            .row("-2+3", "plain text");

    assertThat(csv.toString())
        .isEqualTo(
            "note,change\n"
                + "\"'=HYPERLINK(\"\"http://evil\"\",\"\"click\"\")\",-0.073\n"
                + "'+cmd|' /C calc'!A0,-1.5E-4\n"
                + "'@SUM(A1),'-\n"
                + "'\tindented,\"'\rreturn\"\n"
                + "'-2+3,plain text\n");
  }

  @Test
  void aSemicolonStartsNoCellOfItsOwnInASpreadsheetThatSplitsOnSemicolons() {
    Csv csv = new Csv("note").row(";=1+1").row("a;=HYPERLINK(\"http://evil\")").row(";");

    assertThat(csv.toString())
        .isEqualTo(
            "note\n" + "\"';=1+1\"\n" + "\"a;=HYPERLINK(\"\"http://evil\"\")\"\n" + "\"';\"\n");
  }
}
