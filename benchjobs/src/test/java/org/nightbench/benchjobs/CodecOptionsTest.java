package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.codecs.Codec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.IndexProbe.Seen;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/**
 * The index command's --stored-fields and --postings-format: what the segments record, that a plain
 * reader and every command reading the index get along with it, and the one-line errors; on the
 * compile version in process, and forked onto 9.0.0 and a 10.x.
 */
class CodecOptionsTest {

  private static final String FIELD = "body";
  private static final String TERM = "commission";

  /** In lucene-codecs, which the test classpath and the forked JVMs have. */
  private static final String OTHER_FORMAT = "FST50";

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;

  @BeforeAll
  static void copyCorpus() throws IOException {
    corpus = Europarl.copyTo(shared);
  }

  private List<String> indexArgs(String name, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "index",
                "--corpus",
                corpus.toString(),
                "--index-dir",
                tmp.resolve(name).toString(),
                "--out",
                tmp.resolve(name + ".json").toString(),
                // several segments, each of which must carry the options
                "--deterministic",
                "--max-buffered-docs",
                "200",
                "--max-docs",
                "600"));
    args.addAll(List.of(extra));
    return args;
  }

  private Map<String, Object> index(String name, String... extra) throws IOException {
    Europarl.Cli c = cli(indexArgs(name, extra).toArray(String[]::new));
    assertThat(c.err()).isEmpty();
    assertThat(c.code()).isZero();
    HarnessResult r = ResultWriter.read(tmp.resolve(name + ".json"));
    return r.metrics().get(0).detail();
  }

  private Seen look(String name) throws IOException {
    return IndexProbe.look(tmp.resolve(name), FIELD, TERM);
  }

  @Test
  void storedFieldsModeIsRecordedInEverySegment() throws IOException {
    Map<String, Object> compression = index("compression", "--stored-fields", "compression");
    assertThat(look("compression").storedFieldsModes()).containsExactly("BEST_COMPRESSION");
    assertThat(compression)
        .containsEntry("storedFields", "compression")
        .containsEntry("postingsFormat", "default");

    index("speed", "--stored-fields", "speed");
    assertThat(look("speed").storedFieldsModes()).containsExactly("BEST_SPEED");

    Map<String, Object> plain = index("plain");
    Seen seen = look("plain");
    assertThat(seen.storedFieldsModes()).containsExactly("BEST_SPEED");
    assertThat(seen.codecs()).containsExactly(Codec.getDefault().getName());
    assertThat(plain)
        .containsEntry("storedFields", "default")
        .containsEntry("postingsFormat", "default");
  }

  @Test
  void theReleasesOwnPostingsFormatByName() throws IOException {
    // 9.12's default postings format; the segments keep the default codec's name.
    Map<String, Object> detail = index("own", "--postings-format", "Lucene912");
    Seen seen = look("own");
    assertThat(seen.codecs()).containsExactly("Lucene912");
    assertThat(seen.postings())
        .contains("id=Lucene912", "title=Lucene912", "date=Lucene912", "body=Lucene912")
        .allSatisfy(p -> assertThat(p).endsWith("=Lucene912"));
    assertThat(seen.hits()).isPositive();
    assertThat(detail).containsEntry("postingsFormat", "Lucene912");
  }

  @Test
  void anotherPostingsFormatAndCompressionAreReadByEveryCommand() throws IOException {
    Map<String, Object> detail =
        index("fst", "--postings-format", OTHER_FORMAT, "--stored-fields", "compression");
    assertThat(detail)
        .containsEntry("storedFields", "compression")
        .containsEntry("postingsFormat", OTHER_FORMAT);
    Seen seen = look("fst");
    assertThat(seen.codecs()).containsExactly(Codec.getDefault().getName());
    assertThat(seen.storedFieldsModes()).containsExactly("BEST_COMPRESSION");
    assertThat(seen.postings())
        .contains("id=FST50", "title=FST50", "date=FST50", "body=FST50")
        .allSatisfy(p -> assertThat(p).endsWith("=FST50"));
    assertThat(seen.hits()).isPositive();

    // The same docs with the default codec answer every query alike.
    index("default");
    Path tasks = tmp.resolve("tasks.txt");
    ok(
        "generate-tasks",
        "--index-dir",
        tmp.resolve("fst").toString(),
        "--corpus",
        corpus.toString(),
        "--seed",
        "5",
        "--per-category",
        "2",
        "--out",
        tasks.toString());
    assertThat(hitsPerQuery(search("fst", tasks)))
        .isEqualTo(hitsPerQuery(search("default", tasks)))
        .isNotEmpty();
    // pk-lookup fails on any id it cannot find
    ok(
        "pk-lookup",
        "--index-dir",
        tmp.resolve("fst").toString(),
        "--lookups",
        "600",
        "--min-batch-seconds",
        "0",
        "--batches",
        "1",
        "--warmup-batches",
        "0",
        "--out",
        tmp.resolve("pk.json").toString());
    ok(
        "nrt",
        "--index-dir",
        tmp.resolve("fst").toString(),
        "--work-dir",
        tmp.resolve("nrt-work").toString(),
        "--corpus",
        corpus.toString(),
        "--tasks",
        tasks.toString(),
        "--update-rate",
        "100",
        "--reopen-interval-ms",
        "100",
        "--search-threads",
        "1",
        "--duration-seconds",
        "0.5",
        "--warmup-seconds",
        "0.1",
        "--ram-buffer-mb",
        "16",
        "--out",
        tmp.resolve("nrt.json").toString());
  }

  private Path search(String name, Path tasks) {
    Path out = tmp.resolve("search-" + name + ".json");
    ok(
        "search",
        "--index-dir",
        tmp.resolve(name).toString(),
        "--tasks",
        tasks.toString(),
        "--repetitions",
        "2",
        "--warmup",
        "1",
        "--max-warmup-sec",
        "0",
        "--out",
        out.toString());
    return out;
  }

  private static List<Object> hitsPerQuery(Path searchResult) throws IOException {
    List<Object> hits = new ArrayList<>();
    for (Metric m : ResultWriter.read(searchResult).metrics()) {
      if (m.name().equals("qps")) {
        for (Object q : (List<?>) m.detail().get("perQuery")) {
          hits.add(((Map<?, ?>) q).get("hits"));
        }
      }
    }
    return hits;
  }

  private static void ok(String... args) {
    Europarl.Cli c = cli(args);
    assertThat(c.err()).as(String.join(" ", args)).isEmpty();
    assertThat(c.code()).isZero();
  }

  @Test
  void badCodecOptionsAreOneLineErrorsAndKeepTheEarlierIndex() throws IOException {
    index("kept");
    Europarl.Cli unknown =
        cli(indexArgs("kept", "--postings-format", "Nope").toArray(String[]::new));
    unknown.assertError("ERROR: unknown postings format Nope: available are ");
    assertThat(unknown.err()).contains("FST50", "Lucene912");
    // listed by lucene-codecs, but needs a delegate format it cannot get from a name
    cli(indexArgs("kept", "--postings-format", "BloomFilter").toArray(String[]::new))
        .assertError(
            "ERROR: postings format BloomFilter cannot write an index: UnsupportedOperationException");
    cli(indexArgs("kept", "--stored-fields", "fast").toArray(String[]::new))
        .assertError("ERROR: unknown stored fields mode fast: use speed or compression");
    cli(indexArgs("kept", "--postings-format", " ").toArray(String[]::new))
        .assertError("ERROR: postings-format must not be blank");
    assertThat(look("kept").hits()).isPositive();
    assertThat(tmp.resolve("kept.json")).doesNotExist();
  }

  @Test
  void theOldest9xWritesBothOptions() throws Exception {
    forked(OtherLucene.onThisJava(OtherLucene.OLDEST_9), "Lucene90");
  }

  @Test
  void a10xWritesBothOptions() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    forked(lucene.get(), "Lucene104");
  }

  /** Indexes with both options in a JVM of that release and reads back in another. */
  private void forked(OtherLucene lucene, String ownName) throws Exception {
    List<String> args = indexArgs("forked", "--stored-fields", "compression");
    args.addAll(List.of("--postings-format", OTHER_FORMAT));
    OtherLucene.Run indexed = lucene.run(tmp, Harness.class, args);
    assertThat(indexed.code()).as(lucene + ": " + indexed.stderr()).isZero();
    assertThat(ResultWriter.read(tmp.resolve("forked.json")).metrics().get(0).detail())
        .containsEntry("storedFields", "compression")
        .containsEntry("postingsFormat", OTHER_FORMAT);

    OtherLucene.Run probed = lucene.run(tmp, IndexProbe.class, probeArgs("forked"));
    assertThat(probed.code()).as(lucene + ": " + probed.stderr()).isZero();
    Seen seen = Seen.parse(probed.lines());
    assertThat(seen.codecs()).containsExactly(ownName);
    assertThat(seen.storedFieldsModes()).containsExactly("BEST_COMPRESSION");
    assertThat(seen.postings())
        .contains("id=FST50", "body=FST50")
        .allSatisfy(p -> assertThat(p).endsWith("=FST50"));
    assertThat(seen.hits()).isPositive();

    OtherLucene.Run own =
        lucene.run(tmp, Harness.class, indexArgs("own", "--postings-format", ownName));
    // IndexCodec wrote and read a probe document with it first
    assertThat(own.code()).as(lucene + ": " + own.stderr()).isZero();

    OtherLucene.Run unknown =
        lucene.run(tmp, Harness.class, indexArgs("unknown", "--postings-format", "Nope"));
    assertThat(unknown.code()).isEqualTo(Harness.EXIT_FAILURE);
    assertThat(unknown.errors())
        .singleElement()
        .asString()
        .startsWith("ERROR: unknown postings format Nope: available are ")
        .contains(ownName, OTHER_FORMAT);
  }

  private List<String> probeArgs(String name) {
    return List.of(tmp.resolve(name).toString(), FIELD, TERM);
  }
}
