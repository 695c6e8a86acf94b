package org.nightbench.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Talks to Maven Central for real; the local repository lives under target/ so ~/.m2 is left alone.
 */
class LuceneResolverTest {

  static final Path TEST_REPOSITORY = Path.of("target", "nightbench-test-m2").toAbsolutePath();

  private static MavenArtifacts artifacts;
  private static LuceneResolver resolver;

  @BeforeAll
  static void setUp() {
    artifacts = new MavenArtifacts(new LuceneProperties(null, TEST_REPOSITORY));
    resolver = new LuceneResolver(artifacts);
  }

  @AfterAll
  static void tearDown() {
    artifacts.close();
  }

  @Test
  void resolves9x() {
    assertResolved(resolver.resolve(LuceneSpec.parse("maven:9.12.3")), "9.12.3");
  }

  @Test
  void resolves10x() {
    assertResolved(resolver.resolve(LuceneSpec.parse("maven:10.0.0")), "10.0.0");
  }

  private static void assertResolved(ResolvedLucene lucene, String version) {
    assertThat(lucene.version()).isEqualTo(version);
    assertThat(lucene.spec()).hasToString("maven:" + version);
    assertThat(lucene.jars()).allSatisfy(jar -> assertThat(jar).isRegularFile());
    assertThat(lucene.jars())
        .extracting(jar -> jar.getFileName().toString())
        .contains(
            "lucene-core-" + version + ".jar",
            "lucene-queryparser-" + version + ".jar",
            "lucene-queries-" + version + ".jar",
            "lucene-sandbox-" + version + ".jar",
            "lucene-facet-" + version + ".jar",
            "lucene-suggest-" + version + ".jar",
            "lucene-grouping-" + version + ".jar",
            "lucene-codecs-" + version + ".jar")
        .doesNotHaveDuplicates();
    assertThat(lucene.revisionDate())
        .isBetween(Instant.parse("2023-01-01T00:00:00Z"), Instant.now());
  }

  @Test
  void everyBackfillReleaseNamesTheCommitItWasBuiltFrom() {
    // The jars as published: each of the backfill's releases names its build's sha after the
    // version in Implementation-Version ("10.6.0 4ae946e5… - 2026-10-26 12:04:20").
    assertThat(resolver.resolve(LuceneSpec.parse("maven:10.6.0")).manifestSha())
        .isEqualTo("4ae946e5a9b99d1e22c23865c99e561b8dcc9d71");
    assertThat(resolver.resolve(LuceneSpec.parse("maven:9.8.0")).manifestSha())
        .isEqualTo("d914b3722bd5b8ef31ccf7e8ddc638a87fd648db");
    for (String version : resolver.latestPatches("9.8", "10.6")) {
      assertThat(resolver.resolve(LuceneSpec.parse("maven:" + version)).manifestSha())
          .as(version)
          .matches("[0-9a-f]{40}");
    }
  }

  @Test
  void aManifestWithoutAGitShaNamesNoCommit() {
    // Ant builds of the Subversion years wrote a revision number where the sha is now.
    assertThat(LuceneResolver.parseCommitSha("4.10.4 1662817 - mike - 2015-02-26 11:08:54"))
        .isNull();
    assertThat(LuceneResolver.parseCommitSha("11.0.0-SNAPSHOT")).isNull();
    assertThat(LuceneResolver.parseCommitSha(null)).isNull();
    assertThat(
            LuceneResolver.parseCommitSha(
                "8.11.2 17dee71932c683e345508113523e764c3065c79f - mdrob - 2022-06-13 22:28:05"))
        .isEqualTo("17dee71932c683e345508113523e764c3065c79f");
  }

  @Test
  void aReleaseWithoutLuceneCodecsResolvesWithoutIt() {
    // 10.5.2 published no lucene-codecs on Maven Central: the rest resolves, the run notes the gap.
    ResolvedLucene lucene = resolver.resolve(LuceneSpec.parse("maven:10.5.2"));
    assertThat(lucene.jars())
        .extracting(jar -> jar.getFileName().toString())
        .contains("lucene-core-10.5.2.jar", "lucene-facet-10.5.2.jar")
        .noneMatch(name -> name.startsWith("lucene-codecs"));
  }

  @Test
  void aMissingVersionIsOneClearLine() {
    assertThatThrownBy(() -> resolver.resolve(LuceneSpec.parse("maven:9.99.0")))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("Lucene 9.99.0 was not found in https://repo.maven.apache.org/maven2/");
  }

  @Test
  void latestPatchIgnoresOtherMinors() throws InvalidVersionSpecificationException {
    String latest = resolver.latestPatch("9.12");
    assertThat(latest).startsWith("9.12.").matches("\\d+\\.\\d+\\.\\d+");
    GenericVersionScheme scheme = new GenericVersionScheme();
    assertThat(scheme.parseVersion(latest)).isGreaterThanOrEqualTo(scheme.parseVersion("9.12.3"));
    assertThat(resolver.latestPatch("9.1")).startsWith("9.1.").isNotEqualTo("9.10.0");
  }

  @Test
  void latestPatchOfAnUnreleasedMinorFails() {
    assertThatThrownBy(() -> resolver.latestPatch("9.99"))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("no Lucene 9.99.x release was found in https://repo.maven.apache.org/maven2/");
    assertThatThrownBy(() -> resolver.latestPatch("10")).hasMessageContaining("'10'");
  }

  @Test
  void latestPatchesGivesOneVersionPerMinorAcrossMajors() {
    List<String> versions = resolver.latestPatches("9.10", "10.1");
    assertThat(versions).hasSize(5);
    assertThat(versions.get(0)).startsWith("9.10.");
    assertThat(versions.get(2)).startsWith("9.12.");
    assertThat(versions.get(3)).startsWith("10.0.");
    assertThat(versions.get(4)).startsWith("10.1.");
  }

  @Test
  void resolvesTimestampedSnapshotsFromAnExtraRepository(@TempDir Path tmp) throws IOException {
    // Only Maven Central is reachable from CI, so the snapshot repository is a real one on disk
    // (file://).
    Path snapshots =
        FakeSnapshotRepository.create(
            tmp.resolve("snapshots"),
            "10.4.0",
            "20250101.010203",
            3,
            "10.4.0-SNAPSHOT 0123456789abcdef0123456789abcdef01234567 - 2025-01-01 01:02:03Z");
    LuceneProperties properties =
        new LuceneProperties(
            List.of(URI.create(LuceneProperties.MAVEN_CENTRAL), snapshots.toUri()),
            tmp.resolve("m2"));
    try (MavenArtifacts withSnapshots = new MavenArtifacts(properties)) {
      ResolvedLucene lucene =
          new LuceneResolver(withSnapshots).resolve(LuceneSpec.parse("maven:10.4.0-SNAPSHOT"));

      assertThat(lucene.version()).isEqualTo("10.4.0-20250101.010203-3");
      assertThat(lucene.revisionDate()).isEqualTo(Instant.parse("2025-01-01T01:02:03Z"));
      assertThat(lucene.jars())
          .extracting(jar -> jar.getFileName().toString())
          .containsExactlyInAnyOrder(
              "lucene-core-10.4.0-SNAPSHOT.jar",
              "lucene-queryparser-10.4.0-SNAPSHOT.jar",
              "lucene-facet-10.4.0-SNAPSHOT.jar",
              "lucene-suggest-10.4.0-SNAPSHOT.jar",
              "lucene-grouping-10.4.0-SNAPSHOT.jar");

      assertThatThrownBy(
              () ->
                  new LuceneResolver(withSnapshots).resolve(new MavenLuceneSpec("9.99.0-SNAPSHOT")))
          .hasMessage(
              "Lucene 9.99.0-SNAPSHOT was not found in "
                  + LuceneProperties.MAVEN_CENTRAL
                  + ", "
                  + snapshots.toUri());
    }
  }
}
