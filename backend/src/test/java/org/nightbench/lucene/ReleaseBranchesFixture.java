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
 * A local git repository shaped like Lucene's releases: each release is tagged on its own branch,
 * cut from main, so neither release is in the other's history.
 *
 * <pre>
 * main:         m0 - m1 - m2 - m3 - m4
 * branch_10_5:        \- r1052            tag releases/lucene/10.5.2 (annotated)
 * branch_10_6:                  \- r1060  tag releases/lucene/10.6.0 (lightweight)
 * </pre>
 *
 * @param main main's commits, oldest first
 */
public record ReleaseBranchesFixture(
    Path remote, List<RevCommit> main, RevCommit release1052, RevCommit release1060) {

  private static final Instant START = Instant.parse("2026-05-04T09:00:00Z");

  /** Where branch_10_5 leaves main: the first commit a bisect from 10.5.2 to 10.6.0 measures. */
  public RevCommit fork1052() {
    return main.get(1);
  }

  public static ReleaseBranchesFixture create(Path dir) throws IOException {
    Path remote = dir.resolve("lucene-releases.git-fixture");
    Files.createDirectories(remote);
    try (Git git = Git.init().setDirectory(remote.toFile()).setInitialBranch("main").call()) {
      List<RevCommit> main = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        main.add(
            commit(git, "main " + i, "Change " + i + " on main", START.plusSeconds(3600L * i)));
      }
      git.checkout().setCreateBranch(true).setName("branch_10_5").setStartPoint(main.get(1)).call();
      RevCommit r1052 =
          commit(git, "10.5.2", "Prepare 10.5.2 release", START.plusSeconds(3600L * 5));
      git.tag()
          .setName("releases/lucene/10.5.2")
          .setObjectId(r1052)
          .setAnnotated(true)
          .setMessage("Lucene 10.5.2")
          .call();
      git.checkout().setCreateBranch(true).setName("branch_10_6").setStartPoint(main.get(3)).call();
      RevCommit r1060 =
          commit(git, "10.6.0", "Prepare 10.6.0 release", START.plusSeconds(3600L * 6));
      git.tag().setName("releases/lucene/10.6.0").setObjectId(r1060).setAnnotated(false).call();
      git.checkout().setName("main").call();
      return new ReleaseBranchesFixture(remote, List.copyOf(main), r1052, r1060);
    } catch (GitAPIException e) {
      throw new IOException(e);
    }
  }

  private static RevCommit commit(Git git, String text, String message, Instant when)
      throws IOException, GitAPIException {
    Files.writeString(git.getRepository().getWorkTree().toPath().resolve("VERSION.txt"), text);
    git.add().addFilepattern("VERSION.txt").call();
    PersonIdent ada = new PersonIdent("Ada Lovelace", "ada@example.org", when, ZoneOffset.UTC);
    return git.commit().setAuthor(ada).setCommitter(ada).setSign(false).setMessage(message).call();
  }
}
