package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness's methods stay short enough to read as phases (open, warm up, measure, report): at
 * most {@link #ALLOWED} of them run over {@link #MAX_LINES} lines. A source scan, not a parser: a
 * method is a declaration line at some indent whose body closes with a lone brace at that indent,
 * as google-java-format writes every method.
 */
class MethodLengthTest {

  static final int MAX_LINES = 60;
  static final int ALLOWED = 5;

  private static final Path SOURCES = Path.of("src/main/java");

  private static final Pattern DECLARATION =
      Pattern.compile(
          "^( +)(?=\\S)(?:(?:public|protected|private|static|final|abstract|synchronized|default)"
              + "\\s+)*(?:<[^>]*>\\s+)?(?:[\\w.<>\\[\\]?, ]+\\s+)?(\\w+)\\s*\\(");

  private static final Set<String> NOT_A_NAME =
      Set.of(
          "if",
          "for",
          "while",
          "switch",
          "catch",
          "synchronized",
          "return",
          "new",
          "throw",
          "yield",
          "super",
          "this",
          "assert",
          "try",
          "else",
          "do",
          "case");

  /** One long method: where it is and how long. */
  record LongMethod(String where, int lines) {}

  static List<LongMethod> longMethods(Path root) throws IOException {
    List<LongMethod> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          int length = methodLength(lines, i);
          if (length > MAX_LINES) {
            found.add(new LongMethod(root.relativize(file) + ":" + (i + 1), length));
          }
        }
      }
    }
    return found;
  }

  /** The lines of the method declared at line {@code i}, or 0 when none is declared there. */
  static int methodLength(List<String> lines, int i) {
    String line = lines.get(i);
    Matcher m = DECLARATION.matcher(line);
    String head = line.contains("(") ? line.substring(0, line.indexOf('(')) : line;
    if (!m.find()
        || NOT_A_NAME.contains(m.group(2))
        || NOT_A_NAME.contains(head.strip().split("\\s+")[0])
        || head.contains("=")
        || head.matches(".*\\b(new|class|record|interface|enum|return|yield|throw)\\s.*")
        || line.stripTrailing().endsWith(";")
        || line.stripTrailing().endsWith("}")) {
      return 0;
    }
    String indent = m.group(1);
    int open = i;
    while (open < lines.size() && !lines.get(open).stripTrailing().endsWith("{")) {
      if (lines.get(open).stripTrailing().endsWith(";")) {
        return 0; // abstract, or a call spread over lines
      }
      open++;
    }
    for (int close = open + 1; close < lines.size(); close++) {
      if (lines.get(close).equals(indent + "}")) {
        return close - i + 1;
      }
    }
    return 0;
  }

  @Test
  void atMostFiveMethodsOfTheHarnessRunOverSixtyLines() throws IOException {
    List<LongMethod> found = longMethods(SOURCES);
    found.forEach(l -> System.out.println("long method: " + l.where() + " " + l.lines()));
    assertThat(found).as("methods over %d lines", MAX_LINES).hasSizeLessThanOrEqualTo(ALLOWED);
  }

  @Test
  void theScanFindsAMethodItsLinesAndNothingInsideIt() {
    List<String> source = new ArrayList<>();
    source.add("final class A {");
    source.add("  private static int sum(");
    source.add("      int a) throws Exception {");
    for (int i = 0; i < 70; i++) {
      source.add("    if (a > " + i + ") {");
      source.add("      a += call(a);");
      source.add("    }");
    }
    source.add("    return a;");
    source.add("  }");
    source.add("  A() {}");
    source.add("}");

    assertThat(methodLength(source, 1)).isEqualTo(214);
    assertThat(methodLength(source, 3)).as("an if is not a method").isZero();
    assertThat(methodLength(source, 4)).as("a call is not a method").isZero();
    assertThat(methodLength(source, 215)).as("a one-line constructor").isZero();
  }
}
