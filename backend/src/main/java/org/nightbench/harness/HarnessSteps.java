package org.nightbench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.result.HarnessResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * Forks a run's harness JVMs one after another and collects their result files. A benchmark that
 * crashes or hangs past its timeout fails on its own: the others still run and keep their results.
 * Only cancellation (or the job's timeout) stops the whole run.
 */
public final class HarnessSteps {

  private final HarnessLauncher launcher;
  private final JsonMapper json;
  private final StepJournal journal;
  private final Cancellation cancellation;
  private final HarnessTarget target;
  private final List<StepResult> results = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private final StepInputs inputs = new StepInputs();

  HarnessSteps(
      HarnessLauncher launcher,
      JsonMapper json,
      StepJournal journal,
      Cancellation cancellation,
      HarnessTarget target) {
    this.launcher = launcher;
    this.json = json;
    this.journal = journal;
    this.cancellation = cancellation;
    this.target = target;
  }

  /** A step the rest of the run cannot do without: its failure fails the run at once. */
  public HarnessResult required(String step, StepSpec spec, Path out) {
    announce(step);
    Path recording = fork(step, spec, out);
    HarnessResult result = read(out);
    results.add(new StepResult(step, result, recording, settings(spec)));
    return result;
  }

  /** A step whose failure is recorded while the run goes on; true when it succeeded. */
  public boolean optional(String step, StepSpec spec, Path out) {
    return optional(step, spec, out, UnaryOperator.identity());
  }

  /** As {@link #optional(String, StepSpec, Path)}, adjusting the result before it is kept. */
  public boolean optional(
      String step, StepSpec spec, Path out, UnaryOperator<HarnessResult> adjust) {
    announce(step);
    try {
      Path recording = fork(step, spec, out);
      results.add(new StepResult(step, adjust.apply(read(out)), recording, settings(spec)));
      return true;
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      fail(step, e);
      return false;
    }
  }

  /** A step whose output is a file for later steps (a task file) rather than results. */
  public boolean optionalFile(String step, StepSpec spec, Path file) {
    return optionalFile(step, spec, file, file, List.of());
  }

  /**
   * A step that writes {@code file} for later steps besides its output {@code out}, with {@code
   * extraJars} on the JVM's class path after the Lucene under test: a tool only this step needs,
   * such as the embedding model.
   */
  public boolean optionalFile(
      String step, StepSpec spec, Path out, Path file, List<Path> extraJars) {
    announce(step);
    try {
      fork(step, spec, out, extraJars, null);
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
  public boolean group(List<String> steps, List<? extends StepSpec> specs, List<Path> outs) {
    List<StepResult> collected = new ArrayList<>();
    String step = steps.get(0);
    try {
      for (int i = 0; i < steps.size(); i++) {
        step = steps.get(i);
        announce(step);
        Path recording = fork(step, specs.get(i), outs.get(i));
        collected.add(new StepResult(step, read(outs.get(i)), recording, settings(specs.get(i))));
      }
    } catch (HarnessCancelledException e) {
      throw e;
    } catch (RuntimeException e) {
      fail(step, e);
      if (!collected.isEmpty()) {
        log("dropping the results of " + collected.size() + " JVM(s) of the same benchmark");
      }
      return false;
    }
    results.addAll(collected);
    return true;
  }

  /** A benchmark that could not run because one it depends on failed. */
  public void skipped(String step, String because) {
    String line = step + ": skipped, " + because;
    log(line);
    failures.add(line);
  }

  /** A line for the run's log, such as why a plan looks as it does. */
  public void note(String line) {
    log(line);
  }

  public List<StepResult> results() {
    return results;
  }

  public List<String> failures() {
    return failures;
  }

  private void announce(String step) {
    log("== " + step);
    journal.progress(step);
  }

  /**
   * Forks a step writing {@code out}; returns its flight recording when the profile asks for one
   * and the JVM wrote it, else null.
   */
  private Path fork(String step, StepSpec spec, Path out) {
    Path recording =
        target.profile().jfr() ? FlightRecording.fileFor(spec, out.toAbsolutePath()) : null;
    fork(step, spec, out, List.of(), recording);
    return recording != null && Files.isRegularFile(recording) ? recording : null;
  }

  private void fork(String step, StepSpec spec, Path out, List<Path> extraJars, Path recording) {
    inputs.before(spec, StepSettings.of(spec, target.profile().jvmArgs()), out);
    try {
      launch(step, spec, out, extraJars, recording);
    } finally {
      inputs.after(spec);
    }
  }

  private void launch(String step, StepSpec spec, Path out, List<Path> extraJars, Path recording) {
    List<Path> classPath = new ArrayList<>(target.luceneJars());
    classPath.addAll(extraJars);
    launcher.run(
        new HarnessInvocation(
            step,
            target.javaHome(),
            classPath,
            target.profile().jvmArgs(),
            spec,
            out,
            target.stepTimeout(),
            cancellation,
            recording),
        journal);
  }

  private StepSettings settings(StepSpec spec) {
    return inputs.settings(spec, target.profile().jvmArgs());
  }

  private void fail(String step, RuntimeException e) {
    String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
    message = message.startsWith(step) ? message : step + ": " + message;
    log("FAILED: " + message);
    failures.add(message);
  }

  private HarnessResult read(Path resultFile) {
    if (!Files.isRegularFile(resultFile)) {
      throw new IllegalStateException("the harness wrote no result file " + resultFile);
    }
    return json.readValue(resultFile.toFile(), HarnessResult.class);
  }

  private void log(String line) {
    journal.accept(line);
  }
}
