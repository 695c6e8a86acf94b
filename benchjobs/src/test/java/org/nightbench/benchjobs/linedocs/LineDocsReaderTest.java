package org.nightbench.benchjobs.linedocs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineDocsReaderTest {

  @TempDir Path tmp;

  private Path write(String name, String content) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static List<LineDoc> readAll(Path p) throws IOException {
    List<LineDoc> out = new ArrayList<>();
    try (LineDocsReader r = LineDocsReader.open(p)) {
      LineDoc d;
      while ((d = r.next()) != null) {
        out.add(d);
      }
    }
    return out;
  }

  @Test
  void readsPlainFileSkippingHeaderAndDroppingLabels() throws IOException {
    Path p =
        write(
            "docs.txt",
            "FIELDS_HEADER_INDICATOR###\tdoctitle\tdocdate\tbody\tRandomLabel\n"
                + "t1\t2004-03-30\tfirst body\tlabelA\n"
                + "\n"
                + "t2\td2\tsecond ü body\n");
    List<LineDoc> docs = readAll(p);
    assertThat(docs).extracting(LineDoc::title).containsExactly("t1", "t2");
    assertThat(docs).extracting(LineDoc::body).containsExactly("first body", "second ü body");
    assertThat(docs.get(0).date()).isEqualTo("2004-03-30");
    assertThat(docs).extracting(LineDoc::lineNumber).containsExactly(2L, 4L);
  }

  @Test
  void countsUtf8BytesOfDocumentLines() throws IOException {
    String l1 = "t\td\tgrüße 😀";
    String l2 = "a\tb\tc";
    Path p = write("docs.txt", "FIELDS_HEADER_INDICATOR###\tx\n" + l1 + "\n" + l2 + "\n");
    try (LineDocsReader r = LineDocsReader.open(p)) {
      while (r.next() != null) {
        // drain
      }
      assertThat(r.docsRead()).isEqualTo(2);
      assertThat(r.textBytesRead())
          .isEqualTo(
              l1.getBytes(StandardCharsets.UTF_8).length
                  + l2.getBytes(StandardCharsets.UTF_8).length);
    }
  }

  @Test
  void readsGzipRegardlessOfName() throws IOException {
    Path p = tmp.resolve("docs.bin");
    try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(p))) {
      os.write("t1\td\tb1\nt2\td\tb2\n".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(readAll(p)).extracting(LineDoc::body).containsExactly("b1", "b2");
  }

  @Test
  void missingFileIsNamed() {
    Path p = tmp.resolve("nope.txt");
    assertThatThrownBy(() -> LineDocsReader.open(p))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("corpus " + p + " does not exist");
  }

  @Test
  void foreignTextFileFailsAtOpen() throws IOException {
    Path p = write("readme.md", "# Hello\nthis is not a corpus\n");
    assertThatThrownBy(() -> LineDocsReader.open(p))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus " + p + " is not a line-docs file: line 1 has 1")
        .hasMessageNotContaining("\n");
  }

  @Test
  void binaryFileFailsAtOpen() throws IOException {
    Path p = tmp.resolve("random.bin");
    byte[] b = new byte[4096];
    new java.util.Random(7).nextBytes(b);
    for (int i = 0; i < b.length; i++) {
      if (b[i] == '\t') {
        b[i] = 'x';
      }
    }
    b[0] = 'x'; // make sure it does not start with the gzip magic
    Files.write(p, b);
    assertThatThrownBy(() -> LineDocsReader.open(p))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a line-docs file");
  }

  @Test
  void emptyAndHeaderOnlyCorporaHaveNoDocuments() throws IOException {
    Path empty = write("empty.txt", "");
    Path header = write("header.txt", "FIELDS_HEADER_INDICATOR###\tdoctitle\tdocdate\tbody\n");
    assertThatThrownBy(() -> LineDocsReader.open(empty))
        .hasMessage("corpus " + empty + " has no documents");
    assertThatThrownBy(() -> LineDocsReader.open(header))
        .hasMessage("corpus " + header + " has no documents");
  }

  @Test
  void badLineLaterNamesItsLineNumber() throws IOException {
    Path p = write("docs.txt", "t\td\tb\nt\td\tb\nonly\ttwo\n");
    try (LineDocsReader r = LineDocsReader.open(p)) {
      r.next();
      r.next();
      assertThatThrownBy(r::next)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("corpus " + p + " line 3 has 2 tab-separated field(s)");
    }
  }

  @Test
  void brokenGzipHeaderNamesTheFile() throws IOException {
    Path p = tmp.resolve("broken.gz");
    Files.write(p, new byte[] {0x1f, (byte) 0x8b, 0x00});
    assertThatThrownBy(() -> LineDocsReader.open(p))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus " + p + " cannot be opened: ");
  }

  @Test
  void truncatedGzipIsReportedAsUnreadable() throws IOException {
    Path full = tmp.resolve("full.gz");
    try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(full))) {
      for (int i = 0; i < 20_000; i++) {
        os.write(("t" + i + "\td\tbody number " + i + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] all = Files.readAllBytes(full);
    Path cut = tmp.resolve("cut.gz");
    Files.write(cut, java.util.Arrays.copyOf(all, all.length / 2));
    assertThatThrownBy(() -> readAll(cut))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("corpus " + cut + " unreadable after line ");
  }
}
