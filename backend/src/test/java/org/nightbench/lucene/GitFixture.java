package org.nightbench.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * A local git repository standing in for Lucene's: each commit holds a {@code build.sh} that copies
 * real Lucene jars where Gradle would put them, and counts its builds in a file outside the repo.
 *
 * @param remote the repository, usable as {@code nightbench.lucene.git.remote}
 * @param first main~1, building Lucene 9.12.3, tagged {@code v1}
 * @param second main, building Lucene 10.0.0
 * @param broken branch {@code broken}, whose build exits 1
 * @param buildCount the file every build appends one line to
 */
public record GitFixture(
    Path remote, RevCommit first, RevCommit second, RevCommit broken, Path buildCount) {

  public static final List<String> BUILD_COMMAND = List.of("sh", "build.sh");
  public static final Instant FIRST_DATE = Instant.parse("2026-01-05T10:00:00Z");
  public static final Instant SECOND_DATE = Instant.parse("2026-02-09T11:30:00Z");

  /** The jars of these Lucene releases, resolved from Maven into {@code localMavenRepository}. */
  public static List<List<Path>> releaseJars(Path localMavenRepository, String... versions) {
    try (MavenArtifacts artifacts =
        new MavenArtifacts(new LuceneProperties(null, localMavenRepository))) {
      LuceneResolver resolver = new LuceneResolver(artifacts);
      List<List<Path>> jars = new ArrayList<>();
      for (String version : versions) {
        jars.add(resolver.resolve(new MavenLuceneSpec(version)).jars());
      }
      return jars;
    }
  }

  /** Creates the repository under {@code dir}, resolving the jars it copies from Maven. */
  public static GitFixture create(Path dir, Path localMavenRepository) throws IOException {
    List<List<Path>> jars = releaseJars(localMavenRepository, "9.12.3", "10.0.0");
    List<Path> nine = jars.get(0);
    List<Path> ten = jars.get(1);
    Path remote = dir.resolve("lucene.git-fixture");
    Path buildCount = dir.resolve("builds.txt");
    Files.createDirectories(remote);
    try (Git git = Git.init().setDirectory(remote.toFile()).setInitialBranch("main").call()) {
      RevCommit first =
          commit(git, buildScript(nine, buildCount), "Make things faster", FIRST_DATE);
      git.tag().setName("v1").setObjectId(first).setAnnotated(true).setMessage("v1").call();
      RevCommit second =
          commit(git, buildScript(ten, buildCount), "Upgrade to 10.0.0\n\nLong body.", SECOND_DATE);
      git.branchCreate().setName("broken").call();
      git.checkout().setName("broken").call();
      RevCommit broken =
          commit(
              git,
              "echo 'compiling...'\necho 'error: boom' >&2\nexit 1\n",
              "Break the build",
              SECOND_DATE.plusSeconds(60));
      git.checkout().setName("main").call();
      return new GitFixture(remote, first, second, broken, buildCount);
    } catch (GitAPIException e) {
      throw new IOException(e);
    }
  }

  /** How many builds ran so far. */
  public long builds() throws IOException {
    return Files.exists(buildCount) ? Files.readAllLines(buildCount).size() : 0;
  }

  /** A build.sh that copies {@code jars} where Lucene's Gradle build puts them, counting builds. */
  public static String buildScript(List<Path> jars, Path buildCount) {
    StringBuilder script = new StringBuilder("set -e\necho building\n");
    script.append("echo built >> '").append(buildCount).append("'\n");
    for (Path jar : jars) {
      String name = jar.getFileName().toString();
      if (!name.startsWith("lucene-")) {
        continue;
      }
      // lucene-queryparser-9.12.3.jar was built by lucene/queryparser
      String module = name.substring("lucene-".length(), name.lastIndexOf('-'));
      String libs = "lucene/" + module + "/build/libs";
      script.append("mkdir -p ").append(libs).append('\n');
      script.append("cp '").append(jar).append("' ").append(libs).append("/\n");
    }
    return script.toString();
  }

  /** Commits {@code buildScript} as build.sh on the checked-out branch, by Ada at {@code when}. */
  public static RevCommit commit(Git git, String buildScript, String message, Instant when)
      throws IOException, GitAPIException {
    Files.writeString(git.getRepository().getWorkTree().toPath().resolve("build.sh"), buildScript);
    git.add().addFilepattern("build.sh").call();
    PersonIdent ada = new PersonIdent("Ada Lovelace", "ada@example.org", when, ZoneOffset.UTC);
    return git.commit().setAuthor(ada).setCommitter(ada).setSign(false).setMessage(message).call();
  }
}
