package org.nightbench.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LuceneSpecTest {

  @Test
  void parsesMavenSpecsAndPrintsThemBack() {
    assertThat(LuceneSpec.parse("maven:9.12.3")).isEqualTo(new MavenLuceneSpec("9.12.3"));
    assertThat(LuceneSpec.parse("maven:10.4.0-SNAPSHOT")).hasToString("maven:10.4.0-SNAPSHOT");
    assertThat(LuceneSpec.parse(" maven:10.0.0 ")).hasToString("maven:10.0.0");
  }

  @Test
  void parsesGitAndPathSpecs() {
    assertThat(LuceneSpec.parse("git:main")).isEqualTo(new GitLuceneSpec("main"));
    assertThat(LuceneSpec.parse("git:releases/lucene/10.x"))
        .hasToString("git:releases/lucene/10.x");
    assertThat(LuceneSpec.parse("git:1a2b3c4")).hasToString("git:1a2b3c4");
    assertThat(LuceneSpec.parse("path:/src/lucene/jars"))
        .isEqualTo(new PathLuceneSpec(Path.of("/src/lucene/jars")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git:",
        "git:main;touch /tmp/pwned",
        "git:$(id)",
        "git:`id`",
        "git:-rf",
        "git:a..b",
        "git:main~1",
        "git:main^",
        "git:HEAD@{1}",
        "git:main.lock",
        "git:a b",
        "path:",
        "path:relative/dir"
      })
  void rejectsBadGitRefsAndPathsBeforeAnythingRuns(String spec) {
    assertThatThrownBy(() -> LuceneSpec.parse(spec))
        .isInstanceOf(LuceneResolutionException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains(spec));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "9.12.3",
        "ivy:9.12.3",
        "maven:",
        "maven:9.12.3;rm -rf",
        "maven:9 12",
        "maven:9/12",
        ""
      })
  void rejectsBadSpecsWithOneLineNamingTheInput(String spec) {
    assertThatThrownBy(() -> LuceneSpec.parse(spec))
        .isInstanceOf(LuceneResolutionException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains(spec));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "maven:LATEST",
        "maven:RELEASE",
        "maven:latest",
        "maven:SNAPSHOT",
        "git:FETCH_HEAD",
        "git:ORIG_HEAD",
        "git:MERGE_HEAD",
        "git:HEAD",
        "git:refs/remotes/origin/HEAD",
        "git:AUTO_MERGE",
        "git:refs/stash"
      })
  void refusesSpecsThatMeanAnotherRevisionEachTimeTheyAreResolved(String spec) {
    assertThatThrownBy(() -> LuceneSpec.parse(spec))
        .isInstanceOf(LuceneResolutionException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains(spec));
    assertThat(LuceneSpec.parse("git:heads-up")).hasToString("git:heads-up");
  }

  @Test
  void aSpecLongerThan200CharactersIsRefusedWithoutBeingEchoed() {
    String ok = "maven:" + "9".repeat(LuceneSpec.MAX_LENGTH - "maven:".length());
    assertThat(LuceneSpec.parse(ok)).hasToString(ok);
    for (String kind : new String[] {"maven:", "git:", "path:/"}) {
      String spec = kind + "9".repeat(10 * 1024 * 1024);
      assertThatThrownBy(() -> LuceneSpec.parse(spec))
          .isInstanceOf(LuceneResolutionException.class)
          .hasMessage(
              "Lucene spec is " + spec.length() + " characters long; at most 200 are allowed");
    }
  }

  @Test
  void minimumJavaIsNeverBelowTheHarnessRelease() {
    assertThat(LuceneResolver.minimumJava("9.8.0")).isEqualTo(17);
    assertThat(LuceneResolver.minimumJava("10.0.0")).isEqualTo(21);
    assertThat(LuceneResolver.minimumJava("10.6.0-SNAPSHOT")).isEqualTo(21);
    assertThatThrownBy(() -> LuceneResolver.minimumJava("x.y")).hasMessageContaining("'x.y'");
  }

  @Test
  void parsesTheBuildDateOfGradleAndAntManifests() {
    assertThat(
            LuceneResolver.parseRevisionDate(
                "9.8.0 d914b3722bd5b8ef31ccf7e8ddc638a87fd648db - 2023-09-21 21:57:46Z"))
        .hasToString("2023-09-21T21:57:46Z");
    assertThat(
            LuceneResolver.parseRevisionDate(
                "9.12.3 f965e930673c1f5cb478dc6a8907f5fc4ef7b539 - 2025-09-24 07:44:31"))
        .hasToString("2025-09-24T07:44:31Z");
    assertThat(
            LuceneResolver.parseRevisionDate(
                "8.11.2 17dee71932c683e345508113523e764c3e4c80fa - mdrob - 2022-06-13 20:40:46"))
        .hasToString("2022-06-13T20:40:46Z");
    assertThat(LuceneResolver.parseRevisionDate("10.0.0")).isNull();
    assertThat(LuceneResolver.parseRevisionDate(null)).isNull();
  }
}
