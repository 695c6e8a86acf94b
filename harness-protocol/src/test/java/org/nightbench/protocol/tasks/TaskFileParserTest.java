package org.nightbench.protocol.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskFileParserTest {

  @TempDir Path tmp;

  @Test
  void parsesLuceneutilLines() throws IOException {
    Path p = tmp.resolve("tasks.txt");
    Files.writeString(
        p,
        "# a comment\n"
            + "\n"
            + "HighTerm: states # freq=1234\n"
            + "  AndHighMed:   +united +fuzzy   \n"
            + "Phrase: \"united states\" # freq=1 freq=2\n"
            + "Wildcard: c#*\n"
            + "IntNRQ: nrq//timesecnum 1 100\n",
        StandardCharsets.UTF_8);
    List<Task> tasks = TaskFileParser.parse(p);
    assertThat(tasks)
        .containsExactly(
            new Task("HighTerm", "states", "freq=1234", 3),
            new Task("AndHighMed", "+united +fuzzy", null, 4),
            new Task("Phrase", "\"united states\"", "freq=1 freq=2", 5),
            new Task("Wildcard", "c#*", null, 6),
            new Task("IntNRQ", "nrq//timesecnum 1 100", null, 7));
  }

  @Test
  void lineWithoutCategoryNamesFileAndLine() {
    assertThatThrownBy(() -> TaskFileParser.parse(List.of("", "HighTerm: a", "foo"), "tasks.txt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tasks.txt line 3: expected 'Category: query', got 'foo'");
  }

  @Test
  void emptyQueryIsRejected() {
    assertThatThrownBy(() -> TaskFileParser.parse(List.of("HighTerm:   # freq=3"), "t.txt"))
        .hasMessage("t.txt line 1: empty query for category 'HighTerm'");
  }

  @Test
  void illegalCategoryIsRejected() {
    assertThatThrownBy(() -> TaskFileParser.parse(List.of("High Term: x"), "t.txt"))
        .hasMessageStartingWith("t.txt line 1: illegal category 'High Term'");
    assertThatThrownBy(() -> TaskFileParser.parse(List.of(": x"), "t.txt"))
        .hasMessage("t.txt line 1: expected 'Category: query', got ': x'");
  }

  @Test
  void missingAndNonUtf8FilesAreNamed() throws IOException {
    Path missing = tmp.resolve("none.txt");
    assertThatThrownBy(() -> TaskFileParser.parse(missing))
        .hasMessage("tasks " + missing + " does not exist");
    Path bin = tmp.resolve("bin.txt");
    Files.write(bin, new byte[] {'H', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'});
    assertThatThrownBy(() -> TaskFileParser.parse(bin))
        .hasMessage("tasks " + bin + " is not UTF-8 text");
  }

  @Test
  void writerOutputParsesBack() throws IOException {
    List<Task> tasks =
        List.of(
            new Task("HighTerm", "states", "freq=12", 0), new Task("Fuzzy1", "fooo~1", null, 0));
    Path p = tmp.resolve("sub/out.txt");
    TaskFileWriter.write(p, List.of("header"), tasks);
    assertThat(Files.readString(p, StandardCharsets.UTF_8))
        .isEqualTo("# header\nHighTerm: states # freq=12\nFuzzy1: fooo~1\n");
    assertThat(TaskFileParser.parse(p))
        .containsExactly(
            new Task("HighTerm", "states", "freq=12", 2), new Task("Fuzzy1", "fooo~1", null, 3));
  }

  @Test
  void writerRejectsUnreadableTasks() {
    assertThatThrownBy(() -> TaskFileWriter.format(new Task("Bad Cat", "x", null, 0)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TaskFileWriter.format(new Task("Ok", "a # b", null, 0)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
