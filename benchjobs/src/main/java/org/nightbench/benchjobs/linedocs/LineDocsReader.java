package org.nightbench.benchjobs.linedocs;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Streams the documents of a line-docs file (plain or gzip, detected by magic bytes), skipping an
 * optional {@code FIELDS_HEADER_INDICATOR###} header and blank lines; malformed input raises an
 * {@link IllegalArgumentException} whose one-line message names the file and line.
 */
public final class LineDocsReader implements Closeable {

  /** First characters of the optional header line written by luceneutil's corpus tools. */
  public static final String HEADER_PREFIX = "FIELDS_HEADER_INDICATOR###";

  private static final int FIELDS_NEEDED = 3;

  private final Path file;
  private final long fileSize;
  private final CountingInputStream counting;
  private final BufferedReader reader;
  private long lineNumber;
  private long docsRead;
  private long textBytes;
  private LineDoc pending;

  private LineDocsReader(
      Path file, long fileSize, CountingInputStream counting, BufferedReader reader) {
    this.file = file;
    this.fileSize = fileSize;
    this.counting = counting;
    this.reader = reader;
  }

  /**
   * Opens {@code file} and reads its first document eagerly, so that a missing, empty or foreign
   * file fails here rather than minutes into a benchmark.
   */
  public static LineDocsReader open(Path file) throws IOException {
    // Files.exists first: the backend shows this message verbatim, NoSuchFileException is terse.
    if (!Files.exists(file)) {
      throw new IllegalArgumentException("corpus " + file + " does not exist");
    }
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalArgumentException("corpus " + file + " is not a readable file");
    }
    long size = Files.size(file);
    CountingInputStream counting = new CountingInputStream(Files.newInputStream(file));
    LineDocsReader r = null;
    try {
      BufferedInputStream buffered = new BufferedInputStream(counting, 1 << 16);
      InputStream text = isGzip(buffered) ? new GZIPInputStream(buffered, 1 << 16) : buffered;
      r =
          new LineDocsReader(
              file,
              size,
              counting,
              new BufferedReader(new InputStreamReader(text, StandardCharsets.UTF_8), 1 << 16));
      r.pending = r.readDoc(true);
      if (r.pending == null) {
        throw new IllegalArgumentException("corpus " + file + " has no documents");
      }
      return r;
    } catch (IOException e) {
      closeQuietly(r, counting);
      if (r == null) {
        throw new IllegalArgumentException("corpus " + file + " cannot be opened: " + e, e);
      }
      throw r.readFailure(e);
    } catch (RuntimeException e) {
      closeQuietly(r, counting);
      throw e;
    }
  }

  private static void closeQuietly(LineDocsReader r, InputStream raw) {
    try {
      if (r != null) {
        r.close();
      } else {
        raw.close();
      }
    } catch (IOException suppressed) {
      // the original failure is the one worth reporting
    }
  }

  private static boolean isGzip(BufferedInputStream in) throws IOException {
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    return b0 == 0x1f && b1 == 0x8b;
  }

  /** Returns the next document, or null at the end of the file. */
  public LineDoc next() {
    if (pending != null) {
      LineDoc d = pending;
      pending = null;
      return d;
    }
    try {
      return readDoc(false);
    } catch (IOException e) {
      throw readFailure(e);
    }
  }

  private LineDoc readDoc(boolean first) throws IOException {
    String line;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      if (lineNumber == 1 && line.startsWith(HEADER_PREFIX)) {
        continue;
      }
      if (line.isEmpty()) {
        continue;
      }
      LineDoc doc = parse(line, first);
      docsRead++;
      textBytes += doc.utf8Bytes();
      return doc;
    }
    return null;
  }

  private LineDoc parse(String line, boolean first) {
    int tab1 = line.indexOf('\t');
    int tab2 = tab1 < 0 ? -1 : line.indexOf('\t', tab1 + 1);
    if (tab2 < 0) {
      int fields = tab1 < 0 ? 1 : 2;
      throw new IllegalArgumentException(
          (first
                  ? "corpus " + file + " is not a line-docs file: line "
                  : "corpus " + file + " line ")
              + lineNumber
              + " has "
              + fields
              + " tab-separated field(s), expected at least "
              + FIELDS_NEEDED
              + " (title<TAB>date<TAB>body)");
    }
    int tab3 = line.indexOf('\t', tab2 + 1);
    String body = tab3 < 0 ? line.substring(tab2 + 1) : line.substring(tab2 + 1, tab3);
    return new LineDoc(
        line.substring(0, tab1),
        line.substring(tab1 + 1, tab2),
        body,
        lineNumber,
        utf8Length(line));
  }

  private IllegalArgumentException readFailure(IOException e) {
    return new IllegalArgumentException(
        "corpus " + file + " unreadable after line " + lineNumber + ": " + e, e);
  }

  /** UTF-8 length without materialising the bytes; unpaired surrogates count as the 3-byte '?'. */
  static int utf8Length(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  /** The corpus being read. */
  public Path file() {
    return file;
  }

  /** Documents returned or buffered so far. */
  public long docsRead() {
    return docsRead;
  }

  /** UTF-8 bytes of the document lines read so far (header and blank lines excluded). */
  public long textBytesRead() {
    return textBytes;
  }

  /**
   * Fraction (0..1) of the file on disk consumed so far; read-ahead makes it run slightly early.
   */
  public double fileFractionRead() {
    return fileSize == 0 ? 1.0 : Math.min(1.0, (double) counting.count / fileSize);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /** Counts raw (possibly compressed) bytes so progress can be given as a share of the file. */
  private static final class CountingInputStream extends FilterInputStream {
    private long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = super.skip(n);
      count += s;
      return s;
    }
  }
}
