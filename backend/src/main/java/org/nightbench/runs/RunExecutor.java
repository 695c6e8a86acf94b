package org.nightbench.runs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.benchjobs.tasks.TaskFileParser;
import org.nightbench.corpus.Corpus;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessInvocation;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.RunContext;
import org.nightbench.jdk.Jdk;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.ResolvedLucene;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.json.JsonMapper;

/**
 * The steps of one run: resolve the Lucene revision, pick the JDK, index the corpus in one fresh
 * JVM, generate (or take) the query tasks, measure search in several fresh JVMs, and ingest the
 * result files. Any failure ends the run with one line saying which step failed and why.
 */
@Component
class RunExecutor {

  private final LuceneResolver lucene;
  private final JdkFinder jdks;
  private final CorpusProvider corpora;
  private final HarnessLauncher launcher;
  private final ResultIngester ingester;
  private final RunRepository runs;
  private final RunChangesRecorder changes;
  private final RunnerProperties settings;
  private final JsonMapper json;

  RunExecutor(
      LuceneResolver lucene,
      JdkFinder jdks,
      CorpusProvider corpora,
      HarnessLauncher launcher,
      ResultIngester ingester,
      RunRepository runs,
      RunChangesRecorder changes,
      RunnerProperties settings,
      JsonMapper json) {
    this.lucene = lucene;
    this.jdks = jdks;
    this.corpora = corpora;
    this.launcher = launcher;
    this.ingester = ingester;
    this.runs = runs;
    this.changes = changes;
    this.settings = settings;
    this.json = json;
  }

  /**
   * Runs every step; throws with a one-line message when one fails, and {@link
   * org.nightbench.harness.HarnessCancelledException} when {@code cancellation} stopped a JVM.
   */
  void execute(Run run, RunLog log, Cancellation cancellation) {
    BenchmarkProfile profile = settings.profile(run.profile());
    if (profile.tasksFile() != null) {
      // A bad task file should fail the run before minutes of indexing, not after.
      checkTasks(profile.tasksFile());
    }
    step(run, log, "resolving " + run.luceneSpec());
    ResolvedLucene resolved = lucene.resolve(LuceneSpec.parse(run.luceneSpec()), log);
    log.accept("Lucene " + resolved.version() + ": " + resolved.jars());
    if (resolved.commit() != null) {
      runs.recordCommit(run.id(), resolved.commit());
      changes.record(run, resolved.commit(), log);
    }
    Jdk jdk =
        jdks.select(LuceneResolver.minimumJava(resolved.version()), "Lucene " + resolved.version());
    log.accept("JDK " + jdk.identity() + " at " + jdk.home());
    Corpus corpus = corpora.resolve(run.corpus());
    log.accept("corpus " + corpus.name() + " " + corpus.path() + " sha256=" + corpus.sha256());
    runs.recordRevision(run.id(), resolved.version(), resolved.revisionDate(), jdk.identity());

    Path work = settings.workDirectory().resolve("run-" + run.id());
    try {
      Files.createDirectories(work);
      List<HarnessResult> results = new ArrayList<>();
      Path index = work.resolve("index");
      step(run, log, "indexing " + corpus.name());
      List<String> indexArgs =
          new ArrayList<>(
              List.of(
                  "index",
                  "--corpus",
                  corpus.path().toString(),
                  "--index-dir",
                  index.toString(),
                  "--ram-buffer-mb",
                  Integer.toString(profile.ramBufferMb()),
                  "--out",
                  work.resolve("index.json").toString()));
      if (profile.maxDocs() > 0) {
        indexArgs.addAll(List.of("--max-docs", Integer.toString(profile.maxDocs())));
      }
      fork("indexing", jdk, resolved, profile, indexArgs, log, cancellation);
      results.add(read(work.resolve("index.json")));

      Path tasks = profile.tasksFile();
      if (tasks == null) {
        step(run, log, "generating tasks");
        tasks = work.resolve("tasks.txt");
        fork(
            "task generation",
            jdk,
            resolved,
            profile,
            List.of(
                "generate-tasks",
                "--index-dir",
                index.toString(),
                "--corpus",
                corpus.path().toString(),
                "--seed",
                Long.toString(profile.taskSeed()),
                "--per-category",
                Integer.toString(profile.queriesPerCategory()),
                "--out",
                tasks.toString()),
            log,
            cancellation);
      }
      for (int jvm = 1; jvm <= profile.searchJvms(); jvm++) {
        String name = "search JVM " + jvm + "/" + profile.searchJvms();
        step(run, log, name);
        Path out = work.resolve("search-" + jvm + ".json");
        fork(
            name,
            jdk,
            resolved,
            profile,
            List.of(
                "search",
                "--index-dir",
                index.toString(),
                "--tasks",
                tasks.toString(),
                "--repetitions",
                Integer.toString(profile.repetitions()),
                "--warmup",
                Integer.toString(profile.warmup()),
                "--seed",
                Long.toString(profile.taskSeed() + jvm),
                "--out",
                out.toString()),
            log,
            cancellation);
        results.add(read(out));
      }

      step(run, log, "ingesting");
      Instant x = resolved.revisionDate() != null ? resolved.revisionDate() : run.startedAt();
      Map<String, Object> facts = new LinkedHashMap<>();
      facts.put("luceneSpec", run.luceneSpec());
      facts.put("jdkHome", jdk.home().toString());
      facts.put("jvmArgs", profile.jvmArgs());
      facts.put(
          "corpus",
          Map.of("name", corpus.name(), "sha256", corpus.sha256(), "bytes", corpus.sizeBytes()));
      facts.put("profile", profile);
      int points =
          ingester.ingest(
              new RunContext(
                  run.id(), x, run.machine(), jdk.family(), corpus.name(), run.profile(), facts),
              results);
      log.accept("stored " + points + " points");
    } catch (IOException e) {
      throw new UncheckedIOException("work directory " + work + ": " + e.getMessage(), e);
    } finally {
      // Indexes are large and rebuilt by every run; the log and results in the database stay.
      FileSystemUtils.deleteRecursively(work.toFile());
    }
  }

  private void fork(
      String step,
      Jdk jdk,
      ResolvedLucene resolved,
      BenchmarkProfile profile,
      List<String> harnessArgs,
      RunLog log,
      Cancellation cancellation) {
    launcher.run(
        new HarnessInvocation(
            step,
            jdk.home(),
            resolved.jars(),
            profile.jvmArgs(),
            harnessArgs,
            settings.stepTimeout(),
            cancellation),
        log);
  }

  private static void checkTasks(Path tasksFile) {
    try {
      if (TaskFileParser.parse(tasksFile).isEmpty()) {
        throw new IllegalArgumentException("tasks " + tasksFile + " has no tasks");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read tasks " + tasksFile + ": " + e.getMessage(), e);
    }
  }

  private HarnessResult read(Path resultFile) {
    if (!Files.isRegularFile(resultFile)) {
      throw new IllegalStateException("the harness wrote no result file " + resultFile);
    }
    return json.readValue(resultFile.toFile(), HarnessResult.class);
  }

  private void step(Run run, RunLog log, String progress) {
    log.accept("== " + progress);
    runs.updateProgress(run.id(), progress);
  }
}
