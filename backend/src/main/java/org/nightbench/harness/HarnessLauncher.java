package org.nightbench.harness;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.nightbench.protocol.spec.HandRun;
import org.nightbench.protocol.spec.SpecFile;

/**
 * Forks one harness JVM on a step spec file ({@code Harness <spec.json> <out>}), streams everything
 * it prints to a log sink and turns a failure into one line: the harness's own {@code ERROR:} line
 * when it printed one, else how the JVM ended.
 */
public final class HarnessLauncher {

  static final String MAIN_CLASS = "org.nightbench.benchjobs.Harness";
  private static final String ERROR_PREFIX = "ERROR: ";
  // How often a running JVM's cancellation is asked; a cancel takes effect within about this long.
  private static final long POLL_MILLIS = 250;

  private final HarnessJar harnessJar;
  private final List<Path> benchmarkClassPath;

  public HarnessLauncher(HarnessJar harnessJar) {
    this(harnessJar, List.of());
  }

  /**
   * @param benchmarkClassPath jars or directories every harness JVM also loads, after the harness
   *     and before Lucene: benchmarks kept outside the harness jar (their spec records must be on
   *     the application's class path too, where the definitions are found)
   */
  public HarnessLauncher(HarnessJar harnessJar, List<Path> benchmarkClassPath) {
    this.harnessJar = harnessJar;
    this.benchmarkClassPath = List.copyOf(benchmarkClassPath);
  }

  /**
   * Runs the JVM to its end; returns normally only when it exited with status 0. A cancellation
   * kills the JVM and its descendants and throws {@link HarnessCancelledException}.
   */
  public void run(HarnessInvocation invocation, Consumer<String> log) {
    Optional<String> cancelled = invocation.cancellation().reason();
    if (cancelled.isPresent()) {
      throw new HarnessCancelledException(invocation.step() + ": " + cancelled.get());
    }
    // Checked here, where every benchmark JVM is forked, and not only where flags are typed in:
    // a row stored before the check existed, or written around it, must not reach java either.
    try {
      JvmFlags.check(invocation.jvmArgs());
    } catch (IllegalArgumentException e) {
      throw new HarnessFailedException(invocation.step() + ": " + e.getMessage());
    }
    List<String> command;
    try {
      command = command(invocation);
      SpecFile.write(invocation.specFile(), invocation.spec());
    } catch (IllegalArgumentException e) {
      throw new HarnessFailedException(invocation.step() + ": " + e.getMessage());
    } catch (IOException e) {
      throw new HarnessFailedException(
          invocation.step() + ": cannot write " + invocation.specFile() + ": " + e.getMessage());
    }
    log.accept("$ " + String.join(" ", command));
    // The spec file's settings in the log, as the command line that reruns the step by hand.
    log.accept(
        "$ # as a command line: harness "
            + String.join(" ", HandRun.args(invocation.spec(), invocation.out())));
    Process process = start(invocation, command);
    String[] lastError = new String[1];
    Thread pump =
        new Thread(() -> pump(process, log, lastError), "harness-output-" + process.pid());
    pump.setDaemon(true);
    pump.start();
    Watched watched = watch(invocation, process, pump);
    judge(invocation, watched, process, lastError[0]);
  }

  /** How watching a JVM ended: the cancellation's reason if it was cancelled, or a timeout. */
  private record Watched(Optional<String> cancelled, boolean timedOut) {}

  private static Process start(HarnessInvocation invocation, List<String> command) {
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new HarnessFailedException(
          invocation.step() + ": cannot start " + command.get(0) + ": " + e.getMessage());
    }
  }

  /** Waits for the JVM, killing it and its descendants when cancelled or past its timeout. */
  private static Watched watch(HarnessInvocation invocation, Process process, Thread pump) {
    Optional<String> cancelled = Optional.empty();
    boolean timedOut = false;
    try {
      long deadline = System.nanoTime() + invocation.timeout().toNanos();
      while (!process.waitFor(
          Math.min(POLL_MILLIS, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)),
          TimeUnit.MILLISECONDS)) {
        cancelled = invocation.cancellation().reason();
        timedOut = System.nanoTime() - deadline >= 0;
        if (cancelled.isPresent() || timedOut) {
          killTree(process);
          break;
        }
      }
      pump.join(5_000);
    } catch (InterruptedException e) {
      killTree(process);
      Thread.currentThread().interrupt();
      throw new HarnessFailedException(invocation.step() + ": interrupted");
    } catch (RuntimeException e) {
      // Whatever went wrong while watching, the JVM must not outlive the run.
      killTree(process);
      throw e;
    }
    return new Watched(cancelled, timedOut);
  }

  /** Returns when the JVM ended well; throws with one line saying why it did not. */
  private static void judge(
      HarnessInvocation invocation, Watched watched, Process process, String lastError) {
    if (watched.cancelled().isPresent()) {
      throw new HarnessCancelledException(invocation.step() + ": " + watched.cancelled().get());
    }
    if (watched.timedOut()) {
      throw new HarnessFailedException(
          invocation.step()
              + ": timed out after "
              // PT1H30M reads 1h30m
              + invocation.timeout().toString().substring(2).toLowerCase(java.util.Locale.ROOT)
              + " and was killed");
    }
    // Read only now: a JVM killed above may not have exited yet.
    int exit = process.exitValue();
    if (exit != 0) {
      if (lastError != null) {
        throw new HarnessFailedException(invocation.step() + ": " + lastError);
      }
      throw new HarnessFailedException(invocation.step() + ": harness JVM " + describeExit(exit));
    }
  }

  List<String> command(HarnessInvocation invocation) {
    List<String> command = new ArrayList<>();
    command.add(invocation.javaHome().resolve("bin").resolve("java").toString());
    command.addAll(invocation.jvmArgs());
    if (invocation.flightRecording() != null) {
      command.addAll(FlightRecording.flags(invocation.flightRecording()));
    }
    List<String> classPath = new ArrayList<>();
    classPath.add(harnessJar.path().toString());
    benchmarkClassPath.stream().map(Path::toString).forEach(classPath::add);
    invocation.luceneJars().stream().map(Path::toString).forEach(classPath::add);
    command.add("-cp");
    command.add(String.join(File.pathSeparator, classPath));
    command.add(MAIN_CLASS);
    command.add(invocation.specFile().toString());
    command.add(invocation.out().toAbsolutePath().toString());
    return command;
  }

  /** Kills the JVM and whatever it started; children are listed first, before they get orphaned. */
  private static void killTree(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void pump(Process process, Consumer<String> log, String[] lastError) {
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.startsWith(ERROR_PREFIX)) {
          lastError[0] = line.substring(ERROR_PREFIX.length()).strip();
        }
        log.accept(line);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String describeExit(int exit) {
    if (exit > 128) {
      // 128 + signal number is how a shell reports a JVM ended by a signal (137 = SIGKILL).
      return "was killed by signal " + (exit - 128) + " (exit code " + exit + ")";
    }
    return "exited with code " + exit + " without an error message (crashed?)";
  }
}
