package org.nightbench.benchjobs.linedocs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DocChunkerTest {

  private static LineDoc line(int n, String body) {
    return new LineDoc("t" + n, "d" + n, body, n, body.length());
  }

  private static List<LineDoc> chunk(List<LineDoc> lines, int chars) {
    Iterator<LineDoc> it = lines.iterator();
    DocChunker chunker = new DocChunker(() -> it.hasNext() ? it.next() : null, chars);
    List<LineDoc> out = new ArrayList<>();
    for (LineDoc d = chunker.next(); d != null; d = chunker.next()) {
      out.add(d);
    }
    return out;
  }

  private static String words(List<LineDoc> docs) {
    return docs.stream().map(LineDoc::body).collect(Collectors.joining(" "));
  }

  @Test
  void chunksAreAtMostTheSizeAndNeverSplitAWord() {
    Random r = new Random(1);
    List<LineDoc> lines = new ArrayList<>();
    StringBuilder all = new StringBuilder();
    for (int n = 1; n <= 200; n++) {
      StringBuilder body = new StringBuilder();
      int words = r.nextInt(300);
      for (int w = 0; w < words; w++) {
        body.append(w == 0 ? "" : " ").append("w".repeat(1 + r.nextInt(12))).append(n);
      }
      lines.add(line(n, body.toString()));
      if (words > 0) {
        all.append(all.length() == 0 ? "" : " ").append(body);
      }
    }
    for (int chars : new int[] {64, 1024, 4096}) {
      List<LineDoc> docs = chunk(lines, chars);
      assertThat(words(docs)).as("words in order, none split").isEqualTo(all.toString());
      for (int i = 0; i < docs.size(); i++) {
        String body = docs.get(i).body();
        assertThat(body.length()).isLessThanOrEqualTo(chars);
        assertThat(body).isEqualTo(body.strip()).isNotEmpty();
        if (i < docs.size() - 1) {
          // a cut only gives back the word that did not fit
          assertThat(body.length()).isGreaterThan(chars - 20);
          assertThat(docs.get(i).utf8Bytes()).isEqualTo(body.length());
        }
      }
    }
  }

  @Test
  void chunkTakesTitleAndDateOfTheLineItStartsIn() {
    List<LineDoc> docs =
        chunk(List.of(line(1, "aaaa bbbb cccc"), line(2, ""), line(3, "dddd eeee")), 10);
    assertThat(docs).extracting(LineDoc::body).containsExactly("aaaa bbbb", "cccc dddd", "eeee");
    assertThat(docs).extracting(LineDoc::title).containsExactly("t1", "t1", "t3");
    assertThat(docs).extracting(LineDoc::date).containsExactly("d1", "d1", "d3");
    assertThat(docs).extracting(LineDoc::lineNumber).containsExactly(1L, 1L, 3L);
  }

  @Test
  void aWordLongerThanADocIsCut() {
    assertThat(chunk(List.of(line(1, "x".repeat(25) + " y")), 10))
        .extracting(LineDoc::body)
        .containsExactly("x".repeat(10), "x".repeat(10), "xxxxx y");
  }

  @Test
  void longLinesAreCutIntoManyChunksWithoutLosingText() {
    String body = "abc ".repeat(100_000).strip();
    List<LineDoc> docs = chunk(List.of(line(1, body), line(2, "tail")), 1000);
    assertThat(words(docs)).isEqualTo(body + " tail");
    assertThat(docs)
        .allSatisfy(d -> assertThat(d.title()).isEqualTo(d.body().equals("tail") ? "t2" : "t1"));
  }

  @Test
  void rejectsNonPositiveSize() {
    assertThatThrownBy(() -> new DocChunker(() -> null, 0))
        .hasMessage("doc-chars must be >= 1, got 0");
  }
}
