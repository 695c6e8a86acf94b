package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** luceneutil's KNOWN_CHANGES tuples read as annotations, from an excerpt of notation.py. */
class KnownChangesTest {

  static String excerpt() throws IOException {
    try (InputStream in =
        KnownChangesTest.class.getResourceAsStream("/annotations/luceneutil-notation-excerpt.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void readsEveryTupleOfTheExcerptInBothOfItsForms() throws IOException {
    String text = excerpt();
    assertThat(KnownChanges.looksLike(text)).isTrue();
    List<KnownChanges.Entry> entries = KnownChanges.parse(text);
    assertThat(entries).hasSize(10);
    assertThat(entries.get(0).line()).isEqualTo(5);
    assertThat(entries.get(0).date()).isEqualTo("2011-04-25");
    assertThat(entries.get(0).shortText()).isEqualTo("Switched to 240 GB OCZ Vertex III");
    // The older form: single quotes with an escaped quote inside.
    assertThat(entries.get(2).shortText()).isEqualTo("Re-enable Java's compressed OOPS");
    assertThat(entries.get(2).line()).isEqualTo(20);
    // A trailing comma after the last string is no fourth field.
    assertThat(entries.get(5).longText()).isEqualTo("Add KNN vectors to indexing metrics");
    assertThat(KnownChanges.isoDate(entries.get(5).date())).isEqualTo("2020-12-09T10:00:13");
    assertThat(KnownChanges.isoDate(entries.get(6).date())).isEqualTo("2021-11-29");
  }

  @Test
  void longTextsLoseTheirHtmlButKeepTheirLinks() throws IOException {
    List<KnownChanges.Entry> entries = KnownChanges.parse(excerpt());
    assertThat(KnownChanges.plainText(entries.get(1).longText()))
        .isEqualTo(
            "Concurrent flushing, a major improvement to Lucene, was committed.  See this post"
                + " (http://blog.mikemccandless.com/2011/05/265-indexing-speedup-with-lucenes.html)"
                + " for details.\n\nSome queries did get slower, because the index now has more"
                + " segments.");
    assertThat(KnownChanges.plainText(entries.get(3).longText()))
        .isEqualTo(
            "LUCENE-6320: Speed up CheckIndex"
                + " (https://issues.apache.org/jira/browse/LUCENE-6320)");
  }

  @Test
  void scopesAndKindsAreToldFromTheShortText() throws IOException {
    List<KnownChanges.Entry> e = KnownChanges.parse(excerpt());
    assertThat(e.stream().map(KnownChanges::benchmarkOf).toList())
        .containsExactly(
            null, "indexing", null, "checkIndex", null, "knn", null, "knn", null, null);
    assertThat(e.stream().map(KnownChanges::kindOf).toList())
        .containsExactly(
            "environment",
            "code",
            "environment",
            "code",
            "benchmark",
            "code",
            "code",
            "code",
            "code",
            "environment");
  }

  @Test
  void aCsvFileIsNotTakenForTheList() {
    assertThat(KnownChanges.looksLike("date,short_text,long_text\n2024-01-01,x\n")).isFalse();
    assertThat(KnownChanges.looksLike("# comment\n('2011-06-17', 'LUCENE-3205: x')\n")).isTrue();
  }

  @Test
  void brokenTuplesAreNamedByTheirLine() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KnownChanges.parse("KNOWN_CHANGES = [\n  ('2011-06-17',)\n]"))
        .withMessage("line 2: expected ('date', 'short text', 'long text') but found 1 string");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KnownChanges.parse("[\n('2011-06-17', 'x'\n"))
        .withMessage("line 2: a tuple is never closed");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KnownChanges.parse("[\n('2011-06-17', 'x\n')]"))
        .withMessage("line 2: a string is never closed");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KnownChanges.parse("[('2011-06-17', len('x'))]"))
        .withMessage("line 1: expected a string in the tuple, found 'l'");
  }
}
