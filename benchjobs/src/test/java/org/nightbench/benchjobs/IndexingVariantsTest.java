package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** The index command's variants through the CLI, on europarl. */
class IndexingVariantsTest {

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;

  @BeforeAll
  static void copyCorpus() throws IOException {
    corpus = Europarl.copyTo(shared);
  }

  private HarnessResult index(String name, String... extra) throws IOException {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "index",
            "--corpus",
            corpus.toString(),
            "--index-dir",
            tmp.resolve(name).toString(),
            "--out",
            tmp.resolve(name + ".json").toString()));
    args.addAll(List.of(extra));
    Europarl.Cli c = cli(args.toArray(String[]::new));
    assertThat(c.err()).isEmpty();
    assertThat(c.code()).isZero();
    return ResultWriter.read(tmp.resolve(name + ".json"));
  }

  private static Metric metric(HarnessResult r, String name) {
    return r.metrics().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void variantNamesTheTaskOfEveryMetric() throws IOException {
    HarnessResult r =
        index(
            "v",
            "--variant",
            "1kb-docs",
            "--doc-chars",
            "1024",
            "--threads",
            "2",
            "--max-docs",
            "500");
    assertThat(r.metrics()).allSatisfy(m -> assertThat(m.benchmark()).isEqualTo("indexing"));
    assertThat(r.metrics()).allSatisfy(m -> assertThat(m.task()).isEqualTo("1kb-docs"));
    assertThat(r.metrics())
        .extracting(Metric::name)
        .contains(
            "docsPerSec",
            "gbPerHour",
            "indexSizeMB",
            "segmentCount",
            "elapsedSec",
            "flushSeconds",
            "mergeSeconds",
            "gcCount",
            "gcSeconds",
            "jitSeconds",
            "peakHeapMB");
    assertThat(metric(r, "docsPerSec").detail())
        .containsEntry("docs", 500)
        .containsEntry("docChars", 1024)
        .containsEntry("threads", 2);
    // The writer's own log was understood: the final commit flushed at least once.
    assertThat((Integer) metric(r, "flushSeconds").detail().get("flushes")).isPositive();
    assertThat(metric(r, "flushSeconds").value()).isPositive();
    assertThat(metric(r, "peakHeapMB").value()).isPositive();
  }

  @Test
  void docCharsMakesAboutThatManyCharsPerDoc() throws IOException {
    HarnessResult whole = index("whole", "--max-docs", "300");
    HarnessResult small = index("small", "--doc-chars", "200", "--max-docs", "300");
    double wholeBytesPerDoc =
        ((Number) metric(whole, "docsPerSec").detail().get("plainTextBytes")).doubleValue() / 300;
    double smallBytesPerDoc =
        ((Number) metric(small, "docsPerSec").detail().get("plainTextBytes")).doubleValue() / 300;
    assertThat(wholeBytesPerDoc).isGreaterThan(1000);
    // bytes, not chars: europarl's accented languages take two UTF-8 bytes per letter
    assertThat(smallBytesPerDoc).isBetween(150.0, 250.0);
  }

  @Test
  void deterministicRunsGiveIdenticalSegments() throws IOException {
    index("d1", "--deterministic", "--max-buffered-docs", "100", "--max-docs", "1500");
    index("d2", "--deterministic", "--max-buffered-docs", "100", "--max-docs", "1500");
    List<String> a = segments(tmp.resolve("d1"));
    assertThat(a).hasSizeGreaterThan(1);
    assertThat(segments(tmp.resolve("d2"))).isEqualTo(a);
  }

  /** Name, doc count and each file's size per segment; segment ids are random by design. */
  private static List<String> segments(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (Directory d = FSDirectory.open(dir)) {
      for (SegmentCommitInfo si : SegmentInfos.readLatestCommit(d)) {
        StringBuilder s = new StringBuilder(si.info.name + " " + si.info.maxDoc());
        for (String f : new java.util.TreeSet<>(si.files())) {
          s.append(' ').append(f).append('=').append(d.fileLength(f));
        }
        out.add(s.toString());
      }
    }
    return out;
  }

  @Test
  void byteBuffersDirectoryPersistsNothingButReportsItsSize() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("bb"));
    Files.writeString(dir.resolve("_0.cfs"), "stale", StandardCharsets.UTF_8);
    HarnessResult r =
        index(
            "bb", "--directory", "bytebuffers", "--merge-policy", "no-merge", "--max-docs", "200");
    assertThat(metric(r, "indexSizeMB").value()).isPositive();
    assertThat(metric(r, "indexSizeMB").detail()).containsEntry("directory", "bytebuffers");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void anEarlierIndexIsReplacedButOtherFilesStay() throws IOException {
    index("again", "--max-docs", "300", "--merge-policy", "no-merge");
    Path dir = tmp.resolve("again");
    Files.writeString(dir.resolve("notes.txt"), "keep me", StandardCharsets.UTF_8);
    HarnessResult r = index("again", "--max-docs", "100");
    assertThat(dir.resolve("notes.txt")).hasContent("keep me");
    assertThat(metric(r, "docsPerSec").detail()).containsEntry("docs", 100);
    // The old commit is gone rather than superseded, so numbering starts afresh.
    assertThat(segments(dir)).singleElement().asString().startsWith("_0 100 ");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .filteredOn(n -> n.startsWith("segments_"))
          .containsExactly("segments_1");
    }
  }

  @Test
  void nioAndLogPoliciesIndex() throws IOException {
    HarnessResult r =
        index("nio", "--directory", "nio", "--merge-policy", "log-byte-size", "--max-docs", "200");
    assertThat(metric(r, "segmentCount").detail()).containsEntry("mergePolicy", "log-byte-size");
  }

  @Test
  void badOptionsAreOneLineErrors() {
    String[] base = {
      "index",
      "--corpus",
      corpus.toString(),
      "--index-dir",
      tmp.resolve("x").toString(),
      "--out",
      tmp.resolve("x.json").toString()
    };
    cli(with(base, "--directory", "ram"))
        .assertError("ERROR: unknown directory ram: use mmap, nio or bytebuffers");
    cli(with(base, "--merge-policy", "foo"))
        .assertError(
            "ERROR: unknown merge policy foo: use tiered, log-byte-size, log-doc or no-merge");
    cli(with(base, "--threads", "0")).assertError("ERROR: threads must be >= 1, got 0");
    cli(with(base, "--ram-buffer-mb", "0"))
        .assertError("ERROR: ram-buffer-mb must be > 0 and < 2048, got 0.0");
    cli(with(base, "--doc-chars", "-1")).assertError("ERROR: doc-chars must be >= 0, got -1");
    cli(with(base, "--variant", "a/b"))
        .assertError("ERROR: variant must be letters, digits, '.', '_' or '-', got 'a/b'");
    cli(with(base, "--deterministic", "--threads", "2"))
        .assertError("ERROR: deterministic indexing needs threads 1, got 2");
    cli(with(base, "--max-buffered-docs", "1"))
        .assertError("ERROR: max-buffered-docs must be >= 2, got 1");
    cli(with(base, "--max-buffered-docs", "0"))
        .assertError("ERROR: max-buffered-docs must be >= 2, got 0");
    assertThat(tmp.resolve("x.json")).doesNotExist();
  }

  private static String[] with(String[] base, String... extra) {
    String[] all = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, all, base.length, extra.length);
    return all;
  }
}
