package org.nightbench.worker;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.harness.HarnessFailedException;

/**
 * Runs a step that forks no harness JVM (resolving a Lucene revision, fetching and building it from
 * git) on a thread of its own, so that cancellation and the step timeout stop it as they stop a
 * JVM: the step's thread is interrupted, which kills a running build and ends a fetch, and the run
 * ends at once with one line.
 */
public final class GuardedStep {

  // How often cancellation is asked while the step runs, as the launcher asks while a JVM runs.
  private static final long POLL_MILLIS = 250;
  private static final long STOP_GRACE_MILLIS = 10_000;

  private GuardedStep() {}

  /**
   * The step's result; {@link HarnessCancelledException} when {@code cancellation} gave a reason,
   * {@link HarnessFailedException} when it ran past {@code timeout}, the step's own exception when
   * it failed.
   */
  public static <T> T run(
      String step, Duration timeout, Cancellation cancellation, Supplier<T> work) {
    Optional<String> cancelled = cancellation.reason();
    if (cancelled.isPresent()) {
      throw new HarnessCancelledException(step + ": " + cancelled.get());
    }
    FutureTask<T> task = new FutureTask<>(work::get);
    Thread thread = new Thread(task, "step-" + step.replaceAll("\\s+", "-"));
    thread.setDaemon(true); // a step that ignores its interrupt must not keep the app alive
    thread.start();
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (true) {
        try {
          return task.get(
              Math.min(POLL_MILLIS, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)),
              TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          cancelled = cancellation.reason();
          if (cancelled.isPresent()) {
            stop(task, thread);
            throw new HarnessCancelledException(step + ": " + cancelled.get());
          }
          if (System.nanoTime() - deadline >= 0) {
            stop(task, thread);
            throw new HarnessFailedException(
                step + ": timed out after " + RunWatch.format(timeout) + " and was stopped");
          }
        }
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(step + ": " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      throw new HarnessFailedException(step + ": interrupted");
    } catch (CancellationException e) {
      throw new HarnessCancelledException(step + ": stopped");
    }
  }

  /**
   * Interrupts the step and gives it a few seconds to kill what it started (a build's processes),
   * so they are gone before the run is marked ended; a step deaf to interrupts is left behind.
   */
  private static void stop(FutureTask<?> task, Thread thread) {
    task.cancel(true);
    try {
      thread.join(STOP_GRACE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
