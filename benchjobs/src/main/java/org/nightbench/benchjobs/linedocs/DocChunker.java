package org.nightbench.benchjobs.linedocs;

import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * Re-cuts a corpus into documents of about {@code chars} characters, as luceneutil derives its 1 KB
 * and 4 KB Wikipedia variants: per-document costs then depend on the chosen size, not on how long
 * the corpus' lines happen to be. The body text of consecutive lines is treated as one stream
 * (joined by a space) so short lines (dictionary entries) still make full-size documents. Cuts fall
 * on whitespace; a chunk is at most {@code chars} characters unless one word alone is longer. Each
 * chunk keeps the title, date and line number of the line it starts in.
 */
public final class DocChunker {

  /** Compacting the buffer only past this many consumed chars keeps long lines linear. */
  private static final int COMPACT_AT = 1 << 16;

  private final Supplier<LineDoc> lines;
  private final int chars;
  private final StringBuilder text = new StringBuilder();
  private final ArrayDeque<Start> starts = new ArrayDeque<>();
  private int pos;
  private boolean exhausted;

  /** Where a line's body begins in {@link #text}. */
  private record Start(int offset, LineDoc line) {}

  public DocChunker(Supplier<LineDoc> lines, int chars) {
    if (chars < 1) {
      throw new IllegalArgumentException("doc-chars must be >= 1, got " + chars);
    }
    this.lines = lines;
    this.chars = chars;
  }

  /** The next chunk, or null once the corpus is used up. */
  public LineDoc next() {
    while (text.length() - pos <= chars && !exhausted) {
      append();
    }
    if (text.length() == pos) {
      return null;
    }
    int end = pos + cutLength();
    Start origin = starts.pollFirst();
    while (!starts.isEmpty() && starts.peekFirst().offset() <= pos) {
      origin = starts.pollFirst();
    }
    starts.addFirst(origin);
    String body = text.substring(pos, end).stripTrailing();
    pos = end;
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    compact();
    LineDoc line = origin.line();
    return new LineDoc(
        line.title(), line.date(), body, line.lineNumber(), LineDocsReader.utf8Length(body));
  }

  private void append() {
    LineDoc line = lines.get();
    if (line == null) {
      exhausted = true;
      return;
    }
    String body = line.body().strip();
    if (body.isEmpty()) {
      return;
    }
    if (text.length() > pos) {
      text.append(' ');
    }
    starts.addLast(new Start(text.length(), line));
    text.append(body);
  }

  /** Length of the chunk at {@link #pos}: up to the last whitespace within {@code chars}. */
  private int cutLength() {
    int left = text.length() - pos;
    if (left <= chars || Character.isWhitespace(text.charAt(pos + chars))) {
      return Math.min(left, chars);
    }
    for (int i = chars - 1; i > 0; i--) {
      if (Character.isWhitespace(text.charAt(pos + i))) {
        return i;
      }
    }
    // One word longer than a document: cut it, but never between a surrogate pair.
    return Character.isHighSurrogate(text.charAt(pos + chars - 1)) ? chars + 1 : chars;
  }

  private void compact() {
    if (pos < COMPACT_AT || pos < text.length() / 2) {
      return;
    }
    text.delete(0, pos);
    int shift = pos;
    pos = 0;
    Start[] kept = starts.toArray(new Start[0]);
    starts.clear();
    for (Start s : kept) {
      starts.addLast(new Start(Math.max(0, s.offset() - shift), s.line()));
    }
  }
}
