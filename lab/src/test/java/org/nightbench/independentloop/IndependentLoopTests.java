package org.nightbench.independentloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The loop on a real index, with the real Lucene on the test class path; no timings asserted. */
class IndependentLoopTests {

  @TempDir Path dir;

  @Test
  void readsTaskLinesAsLuceneutilWritesThem() {
    assertThat(IndependentLoop.parseLine("HighTerm: body:apple # freq=12"))
        .isEqualTo(new IndependentLoop.TaskLine("HighTerm", "body:apple"));
    assertThat(IndependentLoop.parseLine("  HighPhrase: \"c# sharp\"  "))
        .isEqualTo(new IndependentLoop.TaskLine("HighPhrase", "\"c# sharp\""));
    assertThat(IndependentLoop.parseLine("# a comment")).isNull();
    assertThat(IndependentLoop.parseLine("   ")).isNull();
    assertThatThrownBy(() -> IndependentLoop.parseLine("no category"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no category");
  }

  @Test
  void timesTheChosenFamiliesAndCountsTheirHits() throws Exception {
    Path index = dir.resolve("index");
    try (FSDirectory d = FSDirectory.open(index);
        IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer()))) {
      for (int i = 0; i < 60; i++) {
        Document doc = new Document();
        String text = (i % 3 == 0 ? "apple " : "") + (i % 4 == 0 ? "pear " : "") + "fruit " + i;
        doc.add(new TextField("body", text, Field.Store.NO));
        w.addDocument(doc);
      }
    }
    Path tasks = dir.resolve("tasks.txt");
    Files.writeString(
        tasks,
        """
        # generated
        HighTerm: apple # freq=20
        HighTerm: fruit
        AndHighHigh: +apple +pear
        OrHighHigh: apple pear
        LowTerm: banana
        """);
    Path out = dir.resolve("loop.tsv");

    IndependentLoop.main(
        new String[] {
          "--index",
          index.toString(),
          "--tasks",
          tasks.toString(),
          "--out",
          out.toString(),
          "--families",
          "HighTerm,AndHighHigh,OrHighHigh",
          "--repetitions",
          "7",
          "--max-warmup-sec",
          "0"
        });

    LoopFile loop = LoopFile.read(out);
    assertThat(loop.header())
        .containsEntry("lucene", org.apache.lucene.util.Version.LATEST.toString())
        .containsEntry("repetitions", "7")
        .containsEntry("warmupRounds", String.valueOf(IndependentLoop.BLOCK))
        .containsEntry("converged", "false");
    assertThat(loop.rows())
        .extracting(LoopFile.Row::query)
        .containsExactly("apple", "fruit", "+apple +pear", "apple pear");
    // apple: every third of 60, pear: every fourth, both: every twelfth, either: 20 + 15 - 5.
    assertThat(loop.hitsByFamily())
        .containsEntry("HighTerm", List.of(20L, 60L))
        .containsEntry("AndHighHigh", List.of(5L))
        .containsEntry("OrHighHigh", List.of(30L))
        .doesNotContainKey("LowTerm");
    assertThat(loop.rows()).allSatisfy(r -> assertThat(r.medianNs()).isPositive());
    assertThat(loop.qpsByFamily()).containsOnlyKeys("HighTerm", "AndHighHigh", "OrHighHigh");
  }

  @Test
  void qpsIsQueriesOverTheSumOfTheirMedians() throws Exception {
    Path file = dir.resolve("loop.tsv");
    Files.writeString(
        file,
        "# lucene=9.12.3 warmupRounds=1000 converged=true\n"
            + "# category\tmedianNs\tfastestNs\thits\tquery\n"
            + "HighTerm\t1000000.0\t900000\t20\tapple\n"
            + "HighTerm\t3000000.0\t2500000\t60\tfruit\n"
            + "OrHighHigh\t2000000.0\t1800000\t30\tapple pear\n");
    LoopFile loop = LoopFile.read(file);
    // Two queries in 4 ms: 500 QPS; one in 2 ms: 500 QPS.
    assertThat(loop.qpsByFamily())
        .containsEntry("HighTerm", 500.0)
        .containsEntry("OrHighHigh", 500.0);
    assertThat(loop.header()).containsEntry("converged", "true");
  }

  @Test
  void aFileWithoutItsHeaderIsRefused() throws Exception {
    Path file = dir.resolve("loop.tsv");
    Files.writeString(file, "HighTerm\t1000.0\t900\t20\tapple\n");
    assertThatThrownBy(() -> LoopFile.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("header");
  }
}
