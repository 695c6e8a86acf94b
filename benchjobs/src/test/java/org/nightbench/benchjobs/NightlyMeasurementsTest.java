package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/**
 * The nightly's measurements beside the queries: stored fields, CheckIndex, PK lookups with the id
 * postings in RAM and search on a cold page cache, on a small multi-segment europarl index.
 */
class NightlyMeasurementsTest {

  private static final int DOCS = 500;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;

  @BeforeAll
  static void index() throws IOException {
    corpus = Europarl.copyTo(shared);
    index = shared.resolve("index");
    // Deterministic, a flush every 100 docs: several segments, the same every time.
    IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            index,
            (long) DOCS,
            16.0,
            1,
            "m",
            0,
            null,
            null,
            true,
            100,
            null,
            null,
            null,
            null),
        Europarl.quiet());
  }

  // stored-fields

  private List<String> storedFields(String mode, String name) {
    return new ArrayList<>(
        List.of(
            "stored-fields",
            "--corpus",
            corpus.toString(),
            "--index-dir",
            tmp.resolve(name).toString(),
            "--stored-fields",
            mode,
            "--max-docs",
            "300",
            "--max-buffered-docs",
            "50",
            "--retrievals",
            "500",
            "--rounds",
            "3",
            "--out",
            tmp.resolve(name + ".json").toString()));
  }

  @Test
  void storedFieldsMeasuresBothModesAndCompressionIsSmaller() throws IOException {
    Map<String, Double> size = new java.util.HashMap<>();
    for (String mode : List.of("speed", "compression")) {
      Europarl.Cli c = cli(storedFields(mode, mode).toArray(String[]::new));
      assertThat(c.err()).isEmpty();
      HarnessResult r = ResultWriter.read(tmp.resolve(mode + ".json"));
      assertThat(r.command()).isEqualTo("stored-fields");
      assertThat(r.metrics())
          .extracting(Metric::name)
          .containsExactly("indexSeconds", "storeMB", "retrieveNanosPerDoc");
      for (Metric m : r.metrics()) {
        assertThat(m.benchmark()).isEqualTo("storedFields");
        assertThat(m.task()).isEqualTo(mode);
        assertThat(m.higherIsBetter()).isFalse();
        assertThat(m.value()).isPositive().isFinite();
        assertThat(m.detail()).containsEntry("docs", 300).containsEntry("mode", mode);
      }
      size.put(mode, r.metrics().get(1).value());
    }
    assertThat(size.get("compression")).isLessThan(size.get("speed"));
  }

  @Test
  void storedFieldsBadInputIsOneLine() {
    List<String> bad = storedFields("fastest", "bad");
    cli(bad.toArray(String[]::new))
        .assertError("ERROR: unknown stored fields mode fastest: use speed or compression");
    List<String> zero = storedFields("speed", "zero");
    zero.set(zero.indexOf("--retrievals") + 1, "0");
    cli(zero.toArray(String[]::new)).assertError("ERROR: retrievals must be >= 1, got 0");
    List<String> noCorpus = storedFields("speed", "nocorpus");
    noCorpus.set(noCorpus.indexOf("--corpus") + 1, tmp.resolve("none.gz").toString());
    cli(noCorpus.toArray(String[]::new))
        .assertError("ERROR: corpus " + tmp.resolve("none.gz") + " does not exist");
  }

  // check-index

  @Test
  void checkIndexTimesACleanIndex() throws IOException {
    Path out = tmp.resolve("check.json");
    Europarl.Cli c =
        cli(
            "check-index",
            "--index-dir",
            index.toString(),
            "--variant",
            "1kb-docs",
            "--out",
            out.toString());
    assertThat(c.err()).isEmpty();
    Metric m = ResultWriter.read(out).metrics().get(0);
    assertThat(m.benchmark()).isEqualTo("checkIndex");
    assertThat(m.task()).isEqualTo("1kb-docs");
    assertThat(m.name()).isEqualTo("seconds");
    assertThat(m.value()).isPositive();
    assertThat(m.detail())
        .containsEntry("maxDoc", DOCS)
        .containsEntry("clean", true)
        .containsEntry("checks", "integrity (9.x default)");
    assertThat((Integer) m.detail().get("segments")).isGreaterThan(1);
  }

  @Test
  void checkIndexFailsABrokenIndexInOneLine() throws IOException {
    Path broken = tmp.resolve("broken");
    copy(index, broken);
    Path postings;
    try (Stream<Path> files = Files.list(broken)) {
      // The largest segment file (a compound file or postings): one flipped byte in its middle.
      postings =
          files
              .filter(p -> p.getFileName().toString().startsWith("_"))
              .max(Comparator.comparingLong(NightlyMeasurementsTest::size))
              .orElseThrow();
    }
    try (RandomAccessFile f = new RandomAccessFile(postings.toFile(), "rw")) {
      long middle = f.length() / 2;
      f.seek(middle);
      int b = f.read();
      f.seek(middle);
      f.write(b ^ 0xff);
    }
    Path out = tmp.resolve("broken.json");
    cli("check-index", "--index-dir", broken.toString(), "--out", out.toString())
        .assertError("ERROR: CheckIndex found index " + broken + " broken: 1 of ");
    assertThat(out).doesNotExist();
    cli("check-index", "--index-dir", tmp.resolve("none").toString(), "--out", out.toString())
        .assertError("ERROR: index " + tmp.resolve("none") + " does not exist");
  }

  // pk-postings

  private String[] pkPostings(Path out, String formats) {
    return new String[] {
      "pk-postings",
      "--index-dir",
      index.toString(),
      "--work-dir",
      tmp.resolve("work").toString(),
      "--formats",
      formats,
      "--lookups",
      "200",
      "--min-batch-seconds",
      "0",
      "--batches",
      "2",
      "--warmup-batches",
      "1",
      "--out",
      out.toString()
    };
  }

  @Test
  void pkPostingsTimesEveryFormatOnCopiesWithTheSameSegments() throws IOException {
    Path out = tmp.resolve("pkp.json");
    Europarl.Cli c = cli(pkPostings(out, "default,Direct,FST50,Nope"));
    assertThat(c.err()).isEmpty();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.metrics())
        .extracting(Metric::task)
        .containsExactly(
            "sequential-default",
            "random-default",
            "sequential-Direct",
            "random-Direct",
            "sequential-FST50",
            "random-FST50");
    int segments;
    try (Indexes.Opened opened = Indexes.open(index)) {
      segments = opened.reader().leaves().size();
    }
    for (Metric m : r.metrics()) {
      assertThat(m.benchmark()).isEqualTo("pk");
      assertThat(m.name()).isEqualTo("lookupsPerSec");
      assertThat(m.value()).isPositive();
      assertThat(m.detail()).containsEntry("segments", segments).containsEntry("liveIds", DOCS);
      assertThat(m.task()).endsWith("-" + m.detail().get("idPostingsFormat"));
    }
    assertThat(segments).isGreaterThan(1);
    assertThat(r.notes())
        .singleElement()
        .asString()
        .startsWith(
            "PK lookups with the id postings in Nope: skipped, no such postings format on this"
                + " release's classpath (lucene-codecs missing?); it has ");
    // The copies are gone.
    try (Stream<Path> left = Files.list(tmp.resolve("work"))) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void pkPostingsWithNothingInRamMeasuresNothingAndSaysWhy() throws IOException {
    Path out = tmp.resolve("pkn.json");
    assertThat(cli(pkPostings(out, "default,Nope")).err()).isEmpty();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.metrics()).isEmpty();
    assertThat(r.notes()).singleElement().asString().contains("in Nope: skipped");
    cli(pkPostings(out, "default,,Direct")).assertError("ERROR: formats must name");
    cli(pkPostings(out, "default,Direct,Direct"))
        .assertError("ERROR: formats must differ, got [default, Direct, Direct]");
  }

  // cold-search

  private Path tasks() throws IOException {
    Path tasks = tmp.resolve("tasks.txt");
    Files.writeString(
        tasks,
        "VectorSearch: vector//european parliament\n"
            + "HighTerm: the\nHighTerm: of\nAndHighHigh: +the +of\nOrHighHigh: the european\n"
            + "Prefix3: euro*\nFuzzy1: europeen~1\n",
        StandardCharsets.UTF_8);
    return tasks;
  }

  private String[] coldSearch(Path out, Path dropCaches) throws IOException {
    return new String[] {
      "cold-search",
      "--index-dir",
      index.toString(),
      "--tasks",
      tasks().toString(),
      "--queries",
      "3",
      "--warmup-rounds",
      "2",
      "--drop-caches",
      dropCaches.toString(),
      "--out",
      out.toString()
    };
  }

  @Test
  void coldSearchDropsTheCacheThenTimesOneQueryPerCategoryColdAndWarm() throws IOException {
    // A stand-in for /proc/sys/vm/drop_caches: what is written to it shows the drop happened.
    Path dropCaches = Files.createFile(tmp.resolve("drop_caches"));
    Path out = tmp.resolve("cold.json");
    Europarl.Cli c = cli(coldSearch(out, dropCaches));
    assertThat(c.err()).isEmpty();
    assertThat(Files.readString(dropCaches)).isEqualTo("1\n");
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.metrics())
        .extracting(Metric::name)
        .containsExactly("openMs", "firstQueryMs", "coldQueryMs", "warmQueryMs");
    for (Metric m : r.metrics()) {
      assertThat(m.benchmark()).isEqualTo("coldCache");
      assertThat(m.higherIsBetter()).isFalse();
      assertThat(m.value()).isPositive();
    }
    List<?> queries = (List<?>) r.metrics().get(0).detail().get("queries");
    assertThat(queries.stream().map(q -> (Object) ((Map<?, ?>) q).get("category")).toList())
        .containsExactly("HighTerm", "AndHighHigh", "OrHighHigh");
    // vector// tasks are the search JVMs' (with query vectors), not a skip to report here.
    assertThat(r.notes()).noneMatch(note -> note.contains("VectorSearch"));
  }

  @Test
  void coldSearchIsSkippedWithANoteWhereTheCacheCannotBeDropped() throws IOException {
    Path out = tmp.resolve("nocold.json");
    Path missing = tmp.resolve("no-such-dir").resolve("drop_caches");
    assertThat(cli(coldSearch(out, missing)).err()).isEmpty();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.metrics()).isEmpty();
    assertThat(r.notes())
        .singleElement()
        .asString()
        .startsWith("cold page cache search: skipped, " + missing + " does not exist");
    Path dir = Files.createDirectory(tmp.resolve("a-directory"));
    assertThat(cli(coldSearch(out, dir)).err()).isEmpty();
    assertThat(ResultWriter.read(out).notes())
        .singleElement()
        .asString()
        .contains("dropping the OS cache needs root and a writable " + dir);
    String[] zero = coldSearch(out, dir);
    zero[6] = "0";
    cli(zero).assertError("ERROR: queries must be >= 1, got 0");
  }

  // other releases

  @Test
  void storedFieldsReadDocumentsOnTheOldest9() throws Exception {
    // 9.0 has no IndexReader.storedFields(): documents are read the old way.
    runOn(OtherLucene.onThisJava(OtherLucene.OLDEST_9), "integrity (9.x default)");
  }

  @Test
  void everyMeasurementRunsOn10() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    // 10.x's default level only verifies checksums: the same integrity checks as 9.x are asked for.
    runOn(lucene.get(), "integrity (level 2)");
  }

  private void runOn(OtherLucene lucene, String checks) throws Exception {
    List<String> stored = storedFields("compression", "other");
    OtherLucene.Run s = lucene.run(tmp, Harness.class, stored);
    assertThat(s.code()).as(lucene + ": " + s.stderr()).isZero();
    assertThat(ResultWriter.read(tmp.resolve("other.json")).metrics()).hasSize(3);
    // An index written by this release for the others (the stored fields index has no terms).
    Path own = tmp.resolve("own");
    OtherLucene.Run indexed =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "index",
                "--corpus",
                corpus.toString(),
                "--index-dir",
                own.toString(),
                "--max-docs",
                "300",
                "--deterministic",
                "--max-buffered-docs",
                "100",
                "--out",
                tmp.resolve("own.json").toString()));
    assertThat(indexed.code()).as(lucene + ": " + indexed.stderr()).isZero();
    OtherLucene.Run checked =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "check-index",
                "--index-dir",
                own.toString(),
                "--out",
                tmp.resolve("c.json").toString()));
    assertThat(checked.code()).as(lucene + ": " + checked.stderr()).isZero();
    assertThat(ResultWriter.read(tmp.resolve("c.json")).metrics().get(0).detail())
        .containsEntry("maxDoc", 300)
        .containsEntry("checks", checks);
    OtherLucene.Run pk =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "pk-postings",
                "--index-dir",
                own.toString(),
                "--work-dir",
                tmp.resolve("w").toString(),
                "--formats",
                "default,Direct,FST50",
                "--lookups",
                "100",
                "--min-batch-seconds",
                "0",
                "--batches",
                "1",
                "--warmup-batches",
                "0",
                "--out",
                tmp.resolve("p.json").toString()));
    assertThat(pk.code()).as(lucene + ": " + pk.stderr()).isZero();
    assertThat(ResultWriter.read(tmp.resolve("p.json")).metrics()).hasSize(6);
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
  }
}
