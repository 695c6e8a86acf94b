package org.nightbench.jfr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * What async-profiler's converter ({@code tools.profiler:jfr-converter}) does for us: a JFR file's
 * CPU samples (the JDK's {@code jdk.ExecutionSample} events) as collapsed stacks, and collapsed
 * stacks as an interactive flame graph. No parsing of JFR's format of our own.
 */
final class JfrRecordings {

  private JfrRecordings() {}

  /** The execution samples of a recording, by stack. */
  static CollapsedStacks read(Path recording) {
    Arguments args = new Arguments("-o", "collapsed");
    try {
      FlameGraph graph = JfrToFlame.parse(recording.toString(), args);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      graph.dump(out);
      return CollapsedStacks.parse(out.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + recording + ": " + e.getMessage(), e);
    }
  }

  /** The converter's flame graph page of {@code stacks}: a self-contained HTML document. */
  static String flameGraph(CollapsedStacks stacks, String title) {
    Arguments args = new Arguments();
    args.title = title;
    FlameGraph graph = new FlameGraph(args);
    try {
      graph.parseCollapsed(new StringReader(stacks.text()));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      graph.dump(out);
      return out.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
