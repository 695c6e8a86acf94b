package org.nightbench.protocol.tasks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.nightbench.protocol.io.AtomicFile;

/**
 * Writes tasks in the luceneutil format {@link TaskFileParser} reads, atomically (temp file then
 * rename) so a reader never sees half a file.
 */
public final class TaskFileWriter {

  private TaskFileWriter() {}

  /**
   * Writes {@code headerComments} as {@code # } lines followed by one line per task, with '\n' line
   * ends regardless of platform so identical input gives identical bytes.
   */
  public static void write(Path file, List<String> headerComments, List<Task> tasks)
      throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String c : headerComments) {
      sb.append("# ").append(c).append('\n');
    }
    for (Task t : tasks) {
      sb.append(format(t)).append('\n');
    }
    byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
    AtomicFile.write(file, stream -> stream.write(bytes));
  }

  /** One task line; rejects tasks the parser could not read back. */
  public static String format(Task t) {
    if (!TaskFileParser.CATEGORY.matcher(t.category()).matches()) {
      throw new IllegalArgumentException("illegal task category '" + t.category() + "'");
    }
    String q = t.query().strip();
    if (q.isEmpty()
        || q.indexOf('\n') >= 0
        || q.indexOf('\r') >= 0
        || TaskFileParser.commentStart(q) >= 0) {
      throw new IllegalArgumentException(
          "query '" + t.query() + "' cannot be written to a task file");
    }
    String line = t.category() + ": " + q;
    if (t.comment() != null && !t.comment().isBlank()) {
      line += " # " + t.comment().strip().replace('\n', ' ').replace('\r', ' ');
    }
    return line;
  }
}
