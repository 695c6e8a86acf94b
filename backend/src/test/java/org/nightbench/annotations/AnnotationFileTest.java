package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnnotationFileTest {

  @Test
  void linesAreNumberedWhereTheyStartWhateverCameBefore() {
    List<AnnotationFile.Line> lines =
        AnnotationFile.parse(
            "\uFEFFDate,Short_Text,Long_Text\r\n"
                + "# a comment, with \"a quote\r\n"
                + "\r\n"
                + "2024-01-01,\"two\r\nlines\",\"and\nthree\nlines\"\r\n"
                + "   \r\n"
                + "2024-01-02,x,,,\r\n"
                + "2024-01-03,\"a, b\",\"say \"\"hi\"\"\"");
    assertThat(lines)
        .containsExactly(
            new AnnotationFile.Line(4, "2024-01-01", "two\r\nlines", "and\nthree\nlines"),
            new AnnotationFile.Line(9, "2024-01-02", "x", ""),
            new AnnotationFile.Line(10, "2024-01-03", "a, b", "say \"hi\""));
  }

  @Test
  void aBrokenQuoteIsNamedByItsLine() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> AnnotationFile.parse("2024-01-01,x\n2024-01-02,\"bad\"x,y\n"))
        .withMessage("line 2: a closing quote must be followed by a comma or the end of the line");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> AnnotationFile.parse("2024-01-01\n"))
        .withMessage("line 1: expected date,short text,long text but found 1 field");
  }
}
