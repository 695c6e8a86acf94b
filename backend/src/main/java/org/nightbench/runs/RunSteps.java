package org.nightbench.runs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.harness.HarnessInvocation;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.ingest.StepResult;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import org.springframework.dao.DataAccessException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Forks a run's harness JVMs one after another and collects their result files. A benchmark that
 * crashes or hangs past its timeout fails on its own: the others still run and keep their results.
 * Only cancellation (or the job's timeout) stops the whole run.
 */
public final class RunSteps {

  private final Run run;
  private final RunLog log;
  private final Cancellation cancellation;
  private final HarnessLauncher launcher;
  private final RunRepository runs;
  private final JsonMapper json;
  private final Jdk jdk;
  private final ResolvedLucene lucene;
  private final BenchmarkProfile profile;
  private final Duration stepTimeout;
  private final List<StepResult> results = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();

  RunSteps(
      Run run,
      RunLog log,
      Cancellation cancellation,
      HarnessLauncher launcher,
      RunRepository runs,
      JsonMapper json,
      Jdk jdk,
      ResolvedLucene lucene,
      BenchmarkProfile profile,
      Duration stepTimeout) {
    this.run = run;
    this.log = log;
    this.cancellation = cancellation;
    this.launcher = launcher;
    this.runs = runs;
    this.json = json;
    this.jdk = jdk;
    this.lucene = lucene;
    this.profile = profile;
    this.stepTimeout = profile.stepTimeout() != null ? profile.stepTimeout() : stepTimeout;
  }

  /** A step the rest of the run cannot do without: its failure fails the run at once. */
  public HarnessResult required(String step, List<String> args, Path out) {
    announce(step);
    fork(step, args);
    HarnessResult result = read(out);
    results.add(new StepResult(step, result));
    return result;
  }

  /** A step whose failure is recorded while the run goes on; true when it succeeded. */
  boolean optional(String step, List<String> args, Path out) {
    return optional(step, args, out, UnaryOperator.identity());
  }

  /** As {@link #optional(String, List, Path)}, adjusting the result before it is kept. */
  boolean optional(String step, List<String> args, Path out, UnaryOperator<HarnessResult> adjust) {
    announce(step);
    try {
      fork(step, args);
      results.add(new StepResult(step, adjust.apply(read(out))));
      return true;
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      fail(step, e);
      return false;
    }
  }

  /** A step that writes a file for later steps (a task file) rather than results. */
  public boolean optionalFile(String step, List<String> args, Path file) {
    announce(step);
    try {
      fork(step, args);
      if (!Files.isRegularFile(file)) {
        throw new IllegalStateException("the harness wrote no file " + file);
      }
      return true;
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      fail(step, e);
      return false;
    }
  }

  /**
   * Steps that make one benchmark together (the search JVMs): all of their results or none, so a
   * point's ±1σ never silently covers fewer JVMs than the profile says.
   */
  boolean group(List<String> steps, List<List<String>> args, List<Path> outs) {
    List<StepResult> collected = new ArrayList<>();
    String step = steps.get(0);
    try {
      for (int i = 0; i < steps.size(); i++) {
        step = steps.get(i);
        announce(step);
        fork(step, args.get(i));
        collected.add(new StepResult(step, read(outs.get(i))));
      }
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      fail(step, e);
      if (!collected.isEmpty()) {
        log.accept("dropping the results of " + collected.size() + " JVM(s) of the same benchmark");
      }
      return false;
    }
    results.addAll(collected);
    return true;
  }

  /** A benchmark that could not run because one it depends on failed. */
  void skipped(String step, String because) {
    String line = step + ": skipped, " + because;
    log.accept(line);
    failures.add(line);
  }

  List<StepResult> results() {
    return results;
  }

  List<String> failures() {
    return failures;
  }

  private void announce(String step) {
    log.accept("== " + step);
    try {
      runs.updateProgress(run.id(), step);
    } catch (DataAccessException e) {
      // The progress line is for the page; a database blip must not fail a benchmark over it.
      log.accept("(progress not stored: " + e.getMessage().lines().findFirst().orElse("") + ")");
    }
  }

  private void fork(String step, List<String> args) {
    launcher.run(
        new HarnessInvocation(
            step, jdk.home(), lucene.jars(), profile.jvmArgs(), args, stepTimeout, cancellation),
        log);
  }

  private void fail(String step, RuntimeException e) {
    String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
    message = message.startsWith(step) ? message : step + ": " + message;
    log.accept("FAILED: " + message);
    failures.add(message);
  }

  private HarnessResult read(Path resultFile) {
    if (!Files.isRegularFile(resultFile)) {
      throw new IllegalStateException("the harness wrote no result file " + resultFile);
    }
    return json.readValue(resultFile.toFile(), HarnessResult.class);
  }
}
