package org.nightbench.lucene;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand.ResetType;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.EmptyProgressMonitor;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.ProgressMonitor;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.transport.RefSpec;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.springframework.util.FileSystemUtils;

/**
 * Resolves {@code git:} specs: fetches the one clone of the configured remote, finds the commit,
 * checks it out, runs the build command and keeps the built jars per commit sha, so a commit is
 * built once.
 */
public final class GitLuceneBuilder {

  private static final Pattern ABBREVIATED_SHA = Pattern.compile("[0-9a-f]{4,40}");
  private static final Pattern FULL_SHA = Pattern.compile("[0-9a-f]{40}");
  private static final String COMMIT_FILE = "commit.properties";
  private static final Pattern TOML_MIN_JAVA = Pattern.compile("minJava\\s*=\\s*\"(\\d+)\"");
  private static final Pattern GRADLE_MIN_JAVA =
      Pattern.compile("minJavaVersion\\s*=\\s*JavaVersion\\.VERSION_(?:1_)?(\\d+)");

  /**
   * JGit asks its monitor between steps of a clone or fetch; an interrupted thread (a cancelled run
   * or one past its step timeout) makes it stop there instead of downloading on.
   */
  private static final ProgressMonitor STOP_WHEN_INTERRUPTED =
      new EmptyProgressMonitor() {
        @Override
        public boolean isCancelled() {
          return Thread.currentThread().isInterrupted();
        }
      };

  private final LuceneGitProperties properties;
  private final JdkFinder jdks;

  public GitLuceneBuilder(LuceneGitProperties properties, JdkFinder jdks) {
    this.properties = properties;
    this.jdks = jdks;
  }

  /** The jars of the spec's commit, built now unless an earlier build of that commit is kept. */
  public ResolvedLucene resolve(GitLuceneSpec spec, Consumer<String> log) {
    // One clone, one work tree: two builds at once would check out over each other.
    synchronized (this) {
      if (FULL_SHA.matcher(spec.ref()).matches()) {
        // A full sha names one commit forever: a kept build needs no fetch (or network).
        Optional<ResolvedLucene> kept = kept(spec, spec.ref(), log);
        if (kept.isPresent()) {
          return kept.get();
        }
      }
      try (Git git = openOrClone(log)) {
        fetch(git, log);
        RevCommit found = find(git.getRepository(), spec.ref());
        Commit commit = commit(found);
        log.accept("git: " + spec + " is " + commit.sha() + " " + commit.subject());
        Optional<ResolvedLucene> kept = kept(spec, commit.sha(), log);
        if (kept.isPresent()) {
          return kept.get();
        }
        checkout(git, found, log);
        build(commit, log);
        return keep(spec, commit, log);
      }
    }
  }

  /** The commit a branch of the remote points at now, fetched but neither checked out nor built. */
  public Commit head(String branch, Consumer<String> log) {
    GitLuceneSpec spec = (GitLuceneSpec) LuceneSpec.parse("git:" + branch);
    synchronized (this) {
      try (Git git = openOrClone(log)) {
        fetch(git, log);
        return commit(find(git.getRepository(), spec.ref()));
      }
    }
  }

  /**
   * Fetches pull request {@code number}'s head ({@code refs/pull/N/head}, which GitHub publishes)
   * into the clone and finds its merge base with {@code baseBranch}; neither is built. The head is
   * kept under the same name in the clone, outside the remote-tracking refs a fetch prunes, so a
   * later run of its sha finds it.
   *
   * @throws LuceneResolutionException with one line when the remote, the pull request or the branch
   *     cannot be reached, or the two share no history
   */
  /**
   * {@code text} (an error of this builder, a run's error) fit for a public page or comment: the
   * configured remote (a local path, or a URL that may carry credentials) and this server's
   * directories replaced by what they are, and any other absolute path by "a server path".
   */
  public String withoutServerPaths(String text) {
    if (text == null) {
      return null;
    }
    String result = text.replace(properties.remote(), "the Lucene remote");
    result = result.replace(properties.cloneDirectory().toString(), "the server's clone");
    result = result.replace(properties.buildsDirectory().toString(), "the server's builds");
    return SERVER_PATH.matcher(result).replaceAll("a server path");
  }

  // An absolute path not inside a URL: after a space, quote, bracket or the start of the text.
  private static final Pattern SERVER_PATH = Pattern.compile("(?<![\\w.:/~-])/(?:[\\w.@+=-]+/?)+");

  public PullRequestCommits pullRequest(int number, String baseBranch, Consumer<String> log) {
    if (number <= 0) {
      throw new LuceneResolutionException("pull request number must be positive, not " + number);
    }
    GitLuceneSpec base = (GitLuceneSpec) LuceneSpec.parse("git:" + baseBranch);
    String pull = "refs/pull/" + number + "/head";
    synchronized (this) {
      try (Git git = openOrClone(log)) {
        fetch(git, log);
        log.accept("git: fetching " + pull);
        try {
          git.fetch()
              .setRemote("origin")
              .setRefSpecs(new RefSpec("+" + pull + ":" + pull))
              .setProgressMonitor(STOP_WHEN_INTERRUPTED)
              .call();
        } catch (GitAPIException | RuntimeException e) {
          throw new LuceneResolutionException(
              "cannot fetch "
                  + pull
                  + " from "
                  + properties.remote()
                  + ": "
                  + MavenArtifacts.firstLine(e.getMessage()),
              e);
        }
        Repository repository = git.getRepository();
        Ref head = repository.exactRef(pull);
        if (head == null) {
          throw new LuceneResolutionException(properties.remote() + " has no " + pull);
        }
        RevCommit target = find(repository, base.ref());
        try (RevWalk walk = new RevWalk(repository)) {
          RevCommit tip = walk.parseCommit(head.getObjectId());
          walk.setRevFilter(RevFilter.MERGE_BASE);
          walk.markStart(tip);
          walk.markStart(walk.parseCommit(target));
          RevCommit mergeBase = walk.next();
          if (mergeBase == null) {
            throw new LuceneResolutionException(
                "pull request " + number + " shares no history with " + baseBranch);
          }
          return new PullRequestCommits(commit(tip), commit(walk.parseCommit(mergeBase)));
        }
      } catch (IOException e) {
        throw new LuceneResolutionException(
            "cannot read the git clone: " + MavenArtifacts.firstLine(e.getMessage()), e);
      }
    }
  }

  /**
   * The commits reachable from {@code toSha} but not from {@code fromSha}, newest first, at most
   * {@code limit} of them, read from the clone as it is (the run that resolved {@code toSha} just
   * fetched it).
   *
   * @throws LuceneResolutionException with one line when there is no clone or either commit is not
   *     in it
   */
  public CommitRange commitsBetween(String fromSha, String toSha, int limit) {
    synchronized (this) {
      Path dir = properties.cloneDirectory();
      if (!Files.isDirectory(dir.resolve(".git"))) {
        throw new LuceneResolutionException("there is no git clone in " + dir);
      }
      try (Git git = Git.open(dir.toFile())) {
        Repository repository = git.getRepository();
        ObjectId from = existing(repository, fromSha);
        ObjectId to = existing(repository, toSha);
        List<Commit> commits = new ArrayList<>();
        int omitted = 0;
        // Walked to the end to count what is left out: a header walk, cheap even for thousands.
        for (RevCommit c : git.log().addRange(from, to).call()) {
          if (commits.size() < limit) {
            commits.add(commit(c));
          } else {
            omitted++;
          }
        }
        return new CommitRange(commits, omitted);
      } catch (IOException | GitAPIException e) {
        throw new LuceneResolutionException(
            "cannot read the git clone " + dir + ": " + MavenArtifacts.firstLine(e.getMessage()),
            e);
      }
    }
  }

  /**
   * A commit as the clone knows it (author, date, subject), read from the clone as it is: no clone,
   * no fetch, and nothing else written. Empty when there is no clone or it lacks the commit.
   */
  public Optional<Commit> known(String sha) {
    if (sha == null || !FULL_SHA.matcher(sha).matches()) {
      return Optional.empty();
    }
    synchronized (this) {
      Path dir = properties.cloneDirectory();
      if (!Files.isDirectory(dir.resolve(".git"))) {
        return Optional.empty();
      }
      try (Git git = Git.open(dir.toFile());
          RevWalk walk = new RevWalk(git.getRepository())) {
        ObjectId id = ObjectId.fromString(sha);
        if (!git.getRepository().getObjectDatabase().has(id)) {
          return Optional.empty();
        }
        return Optional.of(commit(walk.parseCommit(id)));
      } catch (IOException e) {
        return Optional.empty(); // only details of a commit whose sha is already known
      }
    }
  }

  /**
   * The commit a Lucene release's tag names in the configured remote ({@code releases/lucene/V}, or
   * {@code releases/lucene-solr/V} before 9.0), asked of the remote's list of refs: nothing is
   * cloned or fetched. Empty when the remote has no such tag.
   *
   * @throws LuceneResolutionException with one line when the remote cannot be reached
   */
  public Optional<String> releaseTag(String version) {
    List<String> names =
        List.of(
            "refs/tags/releases/lucene/" + version, "refs/tags/releases/lucene-solr/" + version);
    Collection<Ref> refs;
    try {
      refs =
          Git.lsRemoteRepository()
              .setRemote(properties.remote())
              .setTags(true)
              .setTimeout(30)
              .call();
    } catch (GitAPIException | RuntimeException e) {
      throw unreachable(e);
    }
    for (String name : names) {
      for (Ref ref : refs) {
        if (ref.getName().equals(name)) {
          // An annotated tag names a tag object; the remote advertises the commit it peels to.
          ObjectId peeled = ref.getPeeledObjectId();
          String peeledName = name + "^{}";
          for (Ref other : refs) {
            if (other.getName().equals(peeledName)) {
              peeled = other.getObjectId();
            }
          }
          return Optional.of((peeled != null ? peeled : ref.getObjectId()).getName());
        }
      }
    }
    return Optional.empty();
  }

  private ObjectId existing(Repository repository, String sha) throws IOException {
    ObjectId id = FULL_SHA.matcher(sha).matches() ? ObjectId.fromString(sha) : null;
    if (id == null || !repository.getObjectDatabase().has(id)) {
      throw new LuceneResolutionException(
          "commit " + sha + " is not in the git clone " + properties.cloneDirectory());
    }
    return id;
  }

  private Git openOrClone(Consumer<String> log) {
    Path dir = properties.cloneDirectory();
    String remote = properties.remote();
    if (Files.isDirectory(dir.resolve(".git"))) {
      try {
        Git git = Git.open(dir.toFile());
        StoredConfig config = git.getRepository().getConfig();
        if (!remote.equals(config.getString("remote", "origin", "url"))) {
          // The configured remote wins over whatever the clone was made from.
          config.setString("remote", "origin", "url", remote);
          config.save();
        }
        return git;
      } catch (IOException e) {
        throw new LuceneResolutionException(
            "cannot open the git clone " + dir + ": " + MavenArtifacts.firstLine(e.getMessage()),
            e);
      }
    }
    log.accept("git: cloning " + remote + " into " + dir);
    try {
      Files.createDirectories(dir);
      return Git.cloneRepository()
          .setURI(remote)
          .setDirectory(dir.toFile())
          .setBranch(properties.branch())
          .setNoCheckout(true)
          .setProgressMonitor(STOP_WHEN_INTERRUPTED)
          .call();
    } catch (GitAPIException | RuntimeException | IOException e) {
      FileSystemUtils.deleteRecursively(dir.toFile()); // a half-made clone would pass for a clone
      throw unreachable(e);
    }
  }

  private void fetch(Git git, Consumer<String> log) {
    log.accept("git: fetching " + properties.remote());
    try {
      git.fetch()
          .setRemote("origin")
          .setRefSpecs(
              new RefSpec("+refs/heads/*:refs/remotes/origin/*"),
              new RefSpec("+refs/tags/*:refs/tags/*"))
          .setRemoveDeletedRefs(true)
          .setProgressMonitor(STOP_WHEN_INTERRUPTED)
          .call();
    } catch (GitAPIException | RuntimeException e) {
      throw unreachable(e);
    }
  }

  private RevCommit find(Repository repository, String ref) {
    try (RevWalk walk = new RevWalk(repository);
        ObjectReader reader = repository.newObjectReader()) {
      for (String name : List.of("refs/remotes/origin/" + ref, "refs/tags/" + ref)) {
        Ref found = repository.exactRef(name);
        if (found != null) {
          return walk.parseCommit(found.getObjectId()); // peels annotated tags
        }
      }
      if (ABBREVIATED_SHA.matcher(ref).matches()) {
        Collection<ObjectId> ids = reader.resolve(AbbreviatedObjectId.fromString(ref));
        if (ids.size() > 1) {
          throw new LuceneResolutionException(
              "git ref '"
                  + ref
                  + "' is ambiguous in "
                  + properties.remote()
                  + "; give more digits");
        }
        if (ids.size() == 1) {
          try {
            return walk.parseCommit(ids.iterator().next());
          } catch (IncorrectObjectTypeException | MissingObjectException e) {
            // a tree or blob id is not a revision: fall through to "not found"
          }
        }
      }
    } catch (IOException e) {
      throw new LuceneResolutionException(
          "cannot read the git clone " + properties.cloneDirectory() + ": " + e.getMessage(), e);
    }
    throw new LuceneResolutionException(
        "git ref '" + ref + "' was not found in " + properties.remote());
  }

  private void checkout(Git git, RevCommit commit, Consumer<String> log) {
    Path tree = properties.cloneDirectory();
    log.accept("git: checking out " + commit.getName() + " in " + tree);
    try {
      // Detach HEAD onto the commit, then make index and files match it, whatever the work tree
      // held before (a checkout would refuse over files it does not know).
      RefUpdate head = git.getRepository().getRefDatabase().newUpdate(Constants.HEAD, true);
      head.setNewObjectId(commit);
      RefUpdate.Result detached = head.forceUpdate();
      if (detached != RefUpdate.Result.FORCED
          && detached != RefUpdate.Result.NEW
          && detached != RefUpdate.Result.NO_CHANGE) {
        throw new IOException("cannot move HEAD: " + detached);
      }
      git.reset().setMode(ResetType.HARD).setRef(commit.getName()).call();
      git.clean().setCleanDirectories(true).setForce(true).call();
      // Ignored build output survives clean (Gradle reuses it), but a jar left by an earlier
      // commit must never be mistaken for this commit's.
      for (Path libs : moduleLibs(tree)) {
        FileSystemUtils.deleteRecursively(libs);
      }
    } catch (GitAPIException | RuntimeException | IOException e) {
      throw new LuceneResolutionException(
          "cannot check out "
              + commit.getName()
              + " in "
              + tree
              + ": "
              + MavenArtifacts.firstLine(e.getMessage()),
          e);
    }
  }

  private void build(Commit commit, Consumer<String> log) {
    Path tree = properties.cloneDirectory();
    String what = "building " + commit.shortSha();
    String command = String.join(" ", properties.buildCommand());
    Jdk jdk = jdks.select(minimumJava(tree), "building Lucene " + commit.shortSha());
    log.accept("== " + what + ": " + command + " (JAVA_HOME=" + jdk.home() + ")");
    // A list of arguments, never a shell: nothing from the spec reaches the command line anyway.
    ProcessBuilder builder =
        new ProcessBuilder(properties.buildCommand())
            .directory(tree.toFile())
            .redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", jdk.home().toString());
    builder
        .environment()
        .put(
            "PATH",
            jdk.home().resolve("bin") + File.pathSeparator + builder.environment().get("PATH"));
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new LuceneResolutionException(
          what + " failed: cannot start " + command + ": " + e.getMessage(), e);
    }
    Thread pump = new Thread(() -> pump(process, log), "lucene-build-" + commit.shortSha());
    pump.setDaemon(true);
    pump.start();
    try {
      if (!process.waitFor(properties.buildTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        kill(process);
        throw new LuceneResolutionException(
            what
                + " failed: "
                + command
                + " did not finish within "
                + properties.buildTimeout()
                + "; see the run log");
      }
      pump.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      kill(process);
      Thread.currentThread().interrupt();
      throw new LuceneResolutionException(what + " was interrupted", e);
    }
    if (process.exitValue() != 0) {
      throw new LuceneResolutionException(
          what
              + " failed: "
              + command
              + " exited with code "
              + process.exitValue()
              + "; see the run log");
    }
  }

  private Optional<ResolvedLucene> kept(GitLuceneSpec spec, String sha, Consumer<String> log) {
    Path dir = properties.buildsDirectory().resolve(sha);
    Path file = dir.resolve(COMMIT_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties p = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(reader);
    } catch (IOException e) {
      throw new LuceneResolutionException("cannot read " + file + ": " + e.getMessage(), e);
    }
    Commit commit =
        new Commit(
            p.getProperty("sha"),
            p.getProperty("author"),
            p.getProperty("authorEmail"),
            Instant.parse(p.getProperty("date")),
            p.getProperty("subject"));
    List<Path> jars = JarDirectory.jars(dir);
    log.accept("git: using the jars built before for " + commit.shortSha() + " in " + dir);
    return Optional.of(
        new ResolvedLucene(spec, p.getProperty("version"), jars, commit.date(), commit));
  }

  private ResolvedLucene keep(GitLuceneSpec spec, Commit commit, Consumer<String> log) {
    Path tree = properties.cloneDirectory();
    String what = "building " + commit.shortSha();
    List<Path> built = new ArrayList<>();
    try {
      for (Path libs : moduleLibs(tree)) {
        JarDirectory.jars(libs).stream()
            .filter(
                j ->
                    JarDirectory.isClassesJar(j)
                        && j.getFileName().toString().startsWith("lucene-"))
            .forEach(built::add);
      }
    } catch (IOException e) {
      throw new LuceneResolutionException(what + " failed: " + e.getMessage(), e);
    }
    Path core =
        JarDirectory.coreJar(built)
            .orElseThrow(
                () ->
                    new LuceneResolutionException(
                        what + " produced no lucene-core jar in lucene/core/build/libs"));
    String version = JarDirectory.version(core);
    Path target = properties.buildsDirectory().resolve(commit.sha());
    Path partial = properties.buildsDirectory().resolve(commit.sha() + ".partial");
    try {
      FileSystemUtils.deleteRecursively(partial);
      Files.createDirectories(partial);
      for (Path jar : built) {
        Files.copy(jar, partial.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
      Properties p = new Properties();
      p.setProperty("sha", commit.sha());
      p.setProperty("author", commit.author());
      if (commit.authorEmail() != null) {
        p.setProperty("authorEmail", commit.authorEmail());
      }
      p.setProperty("date", commit.date().toString());
      p.setProperty("subject", commit.subject());
      p.setProperty("version", version);
      try (Writer writer =
          Files.newBufferedWriter(partial.resolve(COMMIT_FILE), StandardCharsets.UTF_8)) {
        p.store(writer, "built by Nightbench from " + properties.remote());
      }
      FileSystemUtils.deleteRecursively(target);
      // Renamed into place only when complete, so a killed build never leaves a kept half.
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new LuceneResolutionException(
          "cannot keep the jars of " + commit.shortSha() + " in " + target + ": " + e.getMessage(),
          e);
    }
    List<Path> jars = JarDirectory.jars(target);
    log.accept("git: built Lucene " + version + " at " + commit.shortSha() + ": " + jars);
    return new ResolvedLucene(spec, version, jars, commit.date(), commit);
  }

  private static List<Path> moduleLibs(Path tree) throws IOException {
    Path lucene = tree.resolve("lucene");
    if (!Files.isDirectory(lucene)) {
      return List.of();
    }
    try (Stream<Path> modules = Files.list(lucene)) {
      return modules
          .map(m -> m.resolve("build").resolve("libs"))
          .filter(Files::isDirectory)
          .sorted()
          .toList();
    }
  }

  /**
   * The Java the checkout says it needs (Lucene 10+ in gradle/libs.versions.toml, 9.x in
   * build.gradle); the harness's own minimum when it does not say.
   */
  static int minimumJava(Path tree) {
    int found =
        Math.max(
            declared(tree.resolve("gradle").resolve("libs.versions.toml"), TOML_MIN_JAVA),
            declared(tree.resolve("build.gradle"), GRADLE_MIN_JAVA));
    return Math.max(LuceneResolver.HARNESS_JAVA, found);
  }

  private static int declared(Path file, Pattern pattern) {
    if (!Files.isRegularFile(file)) {
      return 0;
    }
    try {
      Matcher m = pattern.matcher(Files.readString(file, StandardCharsets.UTF_8));
      return m.find() ? Integer.parseInt(m.group(1)) : 0;
    } catch (IOException | UncheckedIOException e) {
      return 0; // only a better error message depends on it: JdkFinder picks the newest anyway
    }
  }

  private static Commit commit(RevCommit commit) {
    return new Commit(
        commit.getName(),
        commit.getAuthorIdent().getName(),
        commit.getAuthorIdent().getEmailAddress(),
        commit.getCommitterIdent().getWhenAsInstant(),
        commit.getShortMessage());
  }

  private static void pump(Process process, Consumer<String> log) {
    try (BufferedReader reader = process.inputReader(StandardCharsets.UTF_8)) {
      reader.lines().forEach(log);
    } catch (IOException | UncheckedIOException e) {
      // The process was killed; its exit code tells the story.
    }
  }

  private static void kill(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private LuceneResolutionException unreachable(Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String detail = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new LuceneResolutionException(
        "git remote "
            + properties.remote()
            + " is unreachable: "
            + MavenArtifacts.firstLine(detail),
        e);
  }

  /**
   * The first-parent line from {@code goodRef} to {@code badRef}, both included, oldest first: the
   * commits a bisect walks. Fetches first, so either may be a branch, tag or sha of the remote.
   * When {@code goodRef} is no ancestor of {@code badRef} (two releases, each on its own branch),
   * the line starts where their histories part instead, if that is on {@code badRef}'s line.
   *
   * @param limit the most commits walked back from {@code badRef} before giving up
   * @throws LuceneResolutionException with one line when either is unknown, they are the same
   *     commit, or {@code goodRef} is neither on the first-parent line of {@code badRef} within
   *     limit nor parted from it there
   */
  public List<Commit> firstParentLine(
      String goodRef, String badRef, int limit, Consumer<String> log) {
    String good = ((GitLuceneSpec) LuceneSpec.parse("git:" + goodRef)).ref();
    String bad = ((GitLuceneSpec) LuceneSpec.parse("git:" + badRef)).ref();
    synchronized (this) {
      try (Git git = openOrClone(log)) {
        fetch(git, log);
        Repository repository = git.getRepository();
        RevCommit from = find(repository, good);
        RevCommit to = find(repository, bad);
        if (from.equals(to)) {
          throw new LuceneResolutionException(
              good + " and " + bad + " are the same commit " + from.getName());
        }
        List<Commit> newestFirst = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repository)) {
          walk.setFirstParent(true);
          walk.markStart(walk.parseCommit(to));
          for (RevCommit commit : walk) {
            newestFirst.add(commit(commit));
            if (commit.equals(from)) {
              Collections.reverse(newestFirst);
              return newestFirst;
            }
            if (newestFirst.size() > limit) {
              break;
            }
          }
        } catch (IOException e) {
          throw new LuceneResolutionException(
              "cannot walk the history of " + bad + ": " + e.getMessage(), e);
        }
        // Two releases of different branches (10.5.2 on branch_10_5, 10.6.0 on branch_10_6):
        // neither is on the other's line, but where the good one's branch left the bad one's
        // history is. The bisect's first comparison measures that end against the bad one, so
        // a fork point that does not measure as good is found out, not assumed.
        Optional<List<Commit>> fromFork =
            newestFirst.size() > limit
                ? Optional.empty()
                : fromForkPoint(repository, from, to, newestFirst, log);
        if (fromFork.isPresent()) {
          return fromFork.get();
        }
        throw new LuceneResolutionException(
            good
                + " is not on the first-parent line of "
                + bad
                + (newestFirst.size() > limit ? " within " + limit + " commits" : ""));
      }
    }
  }

  /**
   * The first-parent line from where {@code good}'s history left {@code bad}'s to {@code bad},
   * oldest first, when {@code good} is no ancestor of {@code bad} (it diverged) and that fork point
   * is on {@code line} ({@code bad}'s first-parent line, newest first); else empty.
   */
  private static Optional<List<Commit>> fromForkPoint(
      Repository repository,
      RevCommit good,
      RevCommit bad,
      List<Commit> line,
      Consumer<String> log) {
    try (RevWalk walk = new RevWalk(repository)) {
      RevCommit from = walk.parseCommit(good);
      RevCommit to = walk.parseCommit(bad);
      if (walk.isMergedInto(from, to)) {
        return Optional.empty(); // an ancestor off the first-parent line: a side branch's commit
      }
      walk.reset();
      walk.setRevFilter(RevFilter.MERGE_BASE);
      walk.markStart(from);
      walk.markStart(to);
      RevCommit fork = walk.next();
      if (fork == null) {
        return Optional.empty();
      }
      for (int i = 0; i < line.size(); i++) {
        if (line.get(i).sha().equals(fork.getName())) {
          if (i == 0) {
            return Optional.empty(); // the fork is the bad end itself: good is newer, not older
          }
          List<Commit> oldestFirst = new ArrayList<>(line.subList(0, i + 1));
          Collections.reverse(oldestFirst);
          log.accept(
              good.getName()
                  + " is not in the history of "
                  + bad.getName()
                  + "; bisecting from where their histories part, "
                  + fork.getName());
          return Optional.of(oldestFirst);
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new LuceneResolutionException(
          "cannot find where the histories of "
              + good.getName()
              + " and "
              + bad.getName()
              + " part: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The first-parent history of {@code toRef}, oldest first: the commits the branch was at, one
   * after the other, as a nightly benchmark would have seen them. It stops before {@code fromRef}
   * (exclusive) when given, and before the first commit older than {@code notBefore} when given.
   */
  public List<Commit> firstParentHistory(
      String toRef, String fromRef, Instant notBefore, Consumer<String> log) {
    String to = ((GitLuceneSpec) LuceneSpec.parse("git:" + toRef)).ref();
    String from =
        fromRef == null ? null : ((GitLuceneSpec) LuceneSpec.parse("git:" + fromRef)).ref();
    synchronized (this) {
      try (Git git = openOrClone(log)) {
        fetch(git, log);
        Repository repository = git.getRepository();
        RevCommit start = find(repository, to);
        RevCommit stop = from == null ? null : find(repository, from);
        List<Commit> newestFirst = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repository)) {
          walk.setFirstParent(true);
          walk.markStart(walk.parseCommit(start));
          if (stop != null) {
            walk.markUninteresting(walk.parseCommit(stop));
          }
          for (RevCommit commit : walk) {
            Commit c = commit(commit);
            if (notBefore != null && c.date().isBefore(notBefore)) {
              break;
            }
            newestFirst.add(c);
          }
        } catch (IOException e) {
          throw new LuceneResolutionException(
              "cannot walk the history of " + to + ": " + e.getMessage(), e);
        }
        Collections.reverse(newestFirst);
        return newestFirst;
      }
    }
  }
}
