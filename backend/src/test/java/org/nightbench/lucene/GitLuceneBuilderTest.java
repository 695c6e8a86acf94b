package org.nightbench.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.jdk.JdkProperties;

/**
 * {@code git:} specs against a local repository whose "build" copies real Lucene jars, so the whole
 * path (clone, fetch, ref lookup, checkout, build, keep) runs without the internet.
 */
class GitLuceneBuilderTest {

  @TempDir static Path shared;
  private static GitFixture fixture;
  private static final JdkFinder JDKS = new JdkFinder(JdkProperties.defaults());

  @TempDir Path temp;
  private final List<String> log = new ArrayList<>();
  private MavenArtifacts artifacts;

  @BeforeAll
  static void createRepository() throws IOException {
    fixture = GitFixture.create(shared, LuceneResolverTest.TEST_REPOSITORY);
  }

  @BeforeEach
  void setUp() {
    artifacts = new MavenArtifacts(new LuceneProperties(null, LuceneResolverTest.TEST_REPOSITORY));
  }

  private LuceneResolver resolver(String remote) {
    // path: specs may point under the test's own directory only.
    return new LuceneResolver(artifacts, builder(remote), new LuceneSpecCheck(List.of(temp)));
  }

  private GitLuceneBuilder builder(String remote) {
    LuceneGitProperties git =
        new LuceneGitProperties(
            remote,
            "main",
            temp.resolve("clone"),
            temp.resolve("builds"),
            GitFixture.BUILD_COMMAND,
            null,
            null);
    return new GitLuceneBuilder(git, JDKS);
  }

  private LuceneResolver resolver() {
    return resolver(fixture.remote().toString());
  }

  @Test
  void aBranchResolvesToItsNewestCommitBuiltIntoJars() {
    ResolvedLucene lucene = resolver().resolve(LuceneSpec.parse("git:main"), log::add);

    assertThat(lucene.spec()).hasToString("git:main");
    assertThat(lucene.version()).isEqualTo("10.0.0");
    assertThat(lucene.commit())
        .isEqualTo(
            new Commit(
                fixture.second().getName(),
                "Ada Lovelace",
                "ada@example.org",
                GitFixture.SECOND_DATE,
                "Upgrade to 10.0.0"));
    assertThat(lucene.revisionDate()).isEqualTo(GitFixture.SECOND_DATE);
    assertThat(lucene.jars())
        .allSatisfy(jar -> assertThat(jar).isRegularFile().startsWith(temp.resolve("builds")))
        .extracting(jar -> jar.getFileName().toString())
        .contains(
            "lucene-core-10.0.0.jar", "lucene-queryparser-10.0.0.jar", "lucene-queries-10.0.0.jar");
    assertThat(log).contains("building").anyMatch(l -> l.startsWith("== building "));
  }

  @Test
  void anAbbreviatedShaAndATagResolveToTheirCommitAndEachCommitIsBuiltOnce() throws IOException {
    LuceneResolver resolver = resolver();
    long before = fixture.builds();
    String sha7 = fixture.first().getName().substring(0, 7);

    ResolvedLucene bySha = resolver.resolve(LuceneSpec.parse("git:" + sha7), log::add);
    ResolvedLucene byTag = resolver.resolve(LuceneSpec.parse("git:v1"), log::add);
    ResolvedLucene byFullSha =
        resolver.resolve(LuceneSpec.parse("git:" + fixture.first().getName()), log::add);

    assertThat(bySha.version()).isEqualTo("9.12.3");
    assertThat(bySha.commit().sha()).isEqualTo(fixture.first().getName());
    assertThat(bySha.commit().subject()).isEqualTo("Make things faster");
    assertThat(bySha.revisionDate()).isEqualTo(GitFixture.FIRST_DATE);
    assertThat(bySha.jars())
        .extracting(j -> j.getFileName().toString())
        .contains("lucene-core-9.12.3.jar");
    assertThat(byTag.commit()).isEqualTo(bySha.commit());
    assertThat(byTag.jars()).isEqualTo(bySha.jars());
    assertThat(byFullSha.commit()).isEqualTo(bySha.commit());
    assertThat(fixture.builds() - before).as("builds").isEqualTo(1);
    assertThat(log).anyMatch(l -> l.contains("using the jars built before"));
  }

  @Test
  void theHeadOfABranchIsFoundWithoutBuilding() throws IOException {
    long before = fixture.builds();

    Commit head = builder(fixture.remote().toString()).head("main", log::add);

    assertThat(head.sha()).isEqualTo(fixture.second().getName());
    assertThat(head.subject()).isEqualTo("Upgrade to 10.0.0");
    assertThat(fixture.builds()).isEqualTo(before);
    assertThatThrownBy(() -> builder(fixture.remote().toString()).head("main;id", log::add))
        .isInstanceOf(LuceneResolutionException.class);
  }

  @Test
  void firstParentHistoryIsOldestFirstAndStopsAtTheRangeStart() throws IOException {
    GitLuceneBuilder builder = builder(fixture.remote().toString());
    long before = fixture.builds();

    assertThat(builder.firstParentHistory("main", null, null, log::add))
        .extracting(Commit::sha)
        .containsExactly(fixture.first().getName(), fixture.second().getName());
    assertThat(builder.firstParentHistory("broken", "v1", null, log::add))
        .extracting(Commit::subject)
        .containsExactly("Upgrade to 10.0.0", "Break the build");
    assertThat(builder.firstParentHistory("main", null, GitFixture.SECOND_DATE, log::add))
        .extracting(Commit::sha)
        .containsExactly(fixture.second().getName());
    assertThat(fixture.builds()).as("listing history builds nothing").isEqualTo(before);
  }

  @Test
  void theCommitsBetweenTwoShasAreReadFromTheCloneNewestFirst() {
    GitLuceneBuilder builder = builder(fixture.remote().toString());
    String first = fixture.first().getName();
    String second = fixture.second().getName();
    String unknown = "0123456789abcdef0123456789abcdef01234567";
    assertThatThrownBy(() -> builder.commitsBetween(first, second, 500))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("there is no git clone in " + temp.resolve("clone"));
    builder.head("main", log::add); // clones

    CommitRange range = builder.commitsBetween(first, second, 500);
    CommitRange limited = builder.commitsBetween(first, second, 0);

    assertThat(range.commits())
        .containsExactly(
            new Commit(
                second,
                "Ada Lovelace",
                "ada@example.org",
                GitFixture.SECOND_DATE,
                "Upgrade to 10.0.0"));
    assertThat(range.omitted()).isZero();
    assertThat(limited.commits()).isEmpty();
    assertThat(limited.omitted()).isEqualTo(1);
    assertThat(builder.commitsBetween(second, second, 500).commits()).isEmpty();
    assertThatThrownBy(() -> builder.commitsBetween(unknown, second, 500))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("commit " + unknown + " is not in the git clone " + temp.resolve("clone"));
  }

  @Test
  void aReleasesTagIsAskedOfTheRemoteWithoutCloning() throws IOException {
    ReleaseBranchesFixture releases = ReleaseBranchesFixture.create(temp.resolve("releases"));
    GitLuceneBuilder builder = builder(releases.remote().toString());

    // Annotated tags peel to their commit; lightweight ones name it.
    assertThat(builder.releaseTag("10.5.2")).contains(releases.release1052().getName());
    assertThat(builder.releaseTag("10.6.0")).contains(releases.release1060().getName());
    assertThat(builder.releaseTag("9.0.0")).isEmpty();
    assertThat(temp.resolve("clone")).doesNotExist();
    assertThatThrownBy(() -> builder(temp.resolve("nowhere").toString()).releaseTag("10.6.0"))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessageStartingWith("git remote " + temp.resolve("nowhere") + " is unreachable");
  }

  @Test
  void aCommitIsKnownOnlyFromAClone() throws IOException {
    ReleaseBranchesFixture releases = ReleaseBranchesFixture.create(temp.resolve("releases"));
    GitLuceneBuilder builder = builder(releases.remote().toString());
    String sha = releases.release1060().getName();
    assertThat(builder.known(sha)).isEmpty(); // no clone: nothing is fetched for it

    builder.head("main", log::add); // clones
    assertThat(builder.known(sha))
        .contains(
            new Commit(
                sha,
                "Ada Lovelace",
                "ada@example.org",
                Instant.parse("2026-05-04T15:00:00Z"),
                "Prepare 10.6.0 release"));
    assertThat(builder.known("0123456789abcdef0123456789abcdef01234567")).isEmpty();
    assertThat(builder.known("not a sha")).isEmpty();
  }

  @Test
  void twoReleasesOfTheirOwnBranchesBisectFromWhereTheirHistoriesPart() throws IOException {
    ReleaseBranchesFixture releases = ReleaseBranchesFixture.create(temp.resolve("releases"));
    GitLuceneBuilder builder = builder(releases.remote().toString());
    String good = releases.release1052().getName();
    String bad = releases.release1060().getName();

    List<Commit> line = builder.firstParentLine(good, bad, 100, log::add);

    assertThat(line)
        .extracting(Commit::sha)
        .containsExactly(
            releases.fork1052().getName(),
            releases.main().get(2).getName(),
            releases.main().get(3).getName(),
            bad);
    assertThat(log).anyMatch(l -> l.contains("bisecting from where their histories part"));
    // An ancestor of the bad end stays as it was: its own first-parent line.
    assertThat(builder.firstParentLine(releases.main().get(0).getName(), bad, 100, log::add))
        .hasSize(5);
    // The bad end older than the good one, on the same line: refused as before.
    assertThatThrownBy(
            () ->
                builder.firstParentLine(
                    releases.main().get(4).getName(),
                    releases.main().get(2).getName(),
                    100,
                    log::add))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessageContaining("is not on the first-parent line of");
  }

  @Test
  void anUnknownRefIsOneLineNamingTheRemote() {
    assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse("git:nope"), log::add))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("git ref 'nope' was not found in " + fixture.remote());
  }

  @Test
  void aFailingBuildIsOneLineAndItsOutputGoesToTheLog() {
    String sha7 = fixture.broken().getName().substring(0, 7);

    assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse("git:broken"), log::add))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage(
            "building " + sha7 + " failed: sh build.sh exited with code 1; see the run log");
    assertThat(log).contains("compiling...", "error: boom");
    assertThat(temp.resolve("builds").resolve(fixture.broken().getName())).doesNotExist();
  }

  @Test
  void anUnreachableRemoteIsOneLine() {
    String missing = temp.resolve("no-such-repository").toString();

    assertThatThrownBy(() -> resolver(missing).resolve(LuceneSpec.parse("git:main"), log::add))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessageStartingWith("git remote " + missing + " is unreachable: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat(temp.resolve("clone")).doesNotExist();
  }

  @Test
  void refsWithShellMetacharactersNeverReachABuild() throws IOException {
    long before = fixture.builds();
    for (String spec : List.of("git:main;touch /tmp/pwned", "git:$(id)", "git:-rf")) {
      assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse(spec), log::add))
          .isInstanceOf(LuceneResolutionException.class)
          .hasMessageContaining("is not a valid git ref");
    }
    assertThat(fixture.builds()).isEqualTo(before);
    assertThat(temp.resolve("clone")).doesNotExist();
  }

  @Test
  void aDirectoryOfJarsIsTakenAsIs() throws IOException {
    List<Path> nine = resolver().resolve(new MavenLuceneSpec("9.12.3")).jars();
    Path dir = Files.createDirectories(temp.resolve("jars"));
    for (Path jar : nine) {
      Files.copy(jar, dir.resolve(jar.getFileName()));
    }

    ResolvedLucene lucene = resolver().resolve(LuceneSpec.parse("path:" + dir));

    assertThat(lucene.version()).isEqualTo("9.12.3");
    assertThat(lucene.commit()).isNull();
    assertThat(lucene.jars()).hasSameSizeAs(nine).allSatisfy(j -> assertThat(j).startsWith(dir));
    assertThat(lucene.revisionDate()).hasToString("2025-09-24T07:44:31Z"); // from the manifest
  }

  @Test
  void aDirectoryWithoutLuceneCoreOrThatIsMissingIsOneLine() throws IOException {
    Path empty = Files.createDirectories(temp.resolve("empty"));
    Files.writeString(empty.resolve("lucene-core-9.12.3-sources.jar"), "not classes");
    Path missing = temp.resolve("missing");

    assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse("path:" + empty)))
        .isInstanceOf(LuceneResolutionException.class)
        .hasMessage("path:" + empty + " has no lucene-core jar");
    assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse("path:" + missing)))
        .hasMessage(
            "Lucene spec 'path:"
                + missing
                + "' is not a directory under a configured jar root"
                + " (nightbench.lucene.jar-roots)");
  }

  @Test
  void aDirectoryOutsideTheJarRootsIsRefusedAlikeWhetherItExistsOrNot() throws IOException {
    Path outside = Files.createDirectories(shared.resolve("outside-jars"));
    Path link = Files.createSymbolicLink(temp.resolve("link-out"), outside);
    List<String> refusals = new ArrayList<>();
    for (Path dir :
        List.of(
            outside,
            shared.resolve("no-such-dir"),
            link,
            temp.resolve("..").resolve(shared.getFileName()).resolve("outside-jars"),
            Path.of("/etc"))) {
      assertThatThrownBy(() -> resolver().resolve(LuceneSpec.parse("path:" + dir)))
          .isInstanceOf(LuceneResolutionException.class)
          .satisfies(e -> refusals.add(e.getMessage().replace(dir.toString(), "DIR")));
    }
    assertThat(refusals)
        .containsOnly(
            "Lucene spec 'path:DIR' is not a directory under a configured jar root"
                + " (nightbench.lucene.jar-roots)");
  }
}
