package org.nightbench.bisect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.MergeCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;
import org.nightbench.lucene.GitFixture;

/**
 * A local git repository whose first-parent line is nine commits (positions 0 to 8): 0–5 build
 * Lucene 9.12.3 and 6–8 build 10.6.0, so the change is commit 6; commit 4 does not build; the
 * others change only a notes file; commit 8 merges a side branch whose one commit (9.12.3) is off
 * the first-parent line, so a walk that followed every parent would meet it.
 *
 * @param line the first-parent commits, oldest first
 * @param side the side branch's commit: an ancestor of the bad end, but not on its first-parent
 *     line
 */
record BisectFixture(Path remote, List<RevCommit> line, RevCommit side) {

  static final int CHANGE = 6;
  static final int BROKEN = 4;

  static BisectFixture create(Path dir, Path localMavenRepository) throws IOException {
    List<List<Path>> jars = GitFixture.releaseJars(localMavenRepository, "9.12.3", "10.6.0");
    List<Path> nine = jars.get(0);
    List<Path> ten = jars.get(1);
    Path remote = dir.resolve("lucene-bisect.git-fixture");
    Path builds = dir.resolve("bisect-builds.txt");
    Files.createDirectories(remote);
    String old = GitFixture.buildScript(nine, builds);
    String changed = GitFixture.buildScript(ten, builds);
    Instant when = Instant.parse("2026-03-02T09:00:00Z");
    try (Git git = Git.init().setDirectory(remote.toFile()).setInitialBranch("main").call()) {
      List<RevCommit> line = new ArrayList<>();
      for (int position = 0; position < 8; position++) {
        String script =
            position == BROKEN
                ? "echo 'compiling...'\necho 'error: boom' >&2\nexit 1\n"
                : position >= CHANGE ? changed : old;
        notes(git, "note " + position);
        String subject =
            position == CHANGE
                ? "Upgrade to 10.6.0"
                : position == BROKEN ? "Break the build" : "Tidy notes " + position;
        line.add(GitFixture.commit(git, script, subject, when.plusSeconds(3600L * position)));
      }
      git.branchCreate().setName("side").setStartPoint(line.get(5)).call();
      git.checkout().setName("side").call();
      // A file of its own and the same build.sh: the merge is clean.
      Path tree = git.getRepository().getWorkTree().toPath();
      Files.writeString(tree.resolve("SIDE.txt"), "side\n");
      git.add().addFilepattern("SIDE.txt").call();
      RevCommit side = GitFixture.commit(git, old, "Side work", when.plusSeconds(3600L * 7 + 60));
      git.checkout().setName("main").call();
      PersonIdent ada =
          new PersonIdent(
              "Ada Lovelace",
              "ada@example.org",
              when.plusSeconds(3600L * 8),
              java.time.ZoneOffset.UTC);
      git.merge()
          .include(side)
          .setFastForward(MergeCommand.FastForwardMode.NO_FF)
          .setMessage("Merge side")
          .setCommit(false)
          .call();
      line.add(
          git.commit()
              .setAuthor(ada)
              .setCommitter(ada)
              .setSign(false)
              .setMessage("Merge side")
              .call());
      return new BisectFixture(remote, List.copyOf(line), side);
    } catch (GitAPIException e) {
      throw new IOException(e);
    }
  }

  private static void notes(Git git, String text) throws IOException, GitAPIException {
    Path tree = git.getRepository().getWorkTree().toPath();
    Files.writeString(tree.resolve("NOTES.txt"), text + "\n");
    git.add().addFilepattern("NOTES.txt").call();
  }
}
