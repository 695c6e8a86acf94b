package org.nightbench.benchjobs;

import java.time.Duration;
import java.util.Optional;

/**
 * Ends this harness JVM when the worker that forked it dies. A worker killed with SIGKILL cannot
 * stop its children, and an orphaned benchmark would go on loading the box under the next run.
 */
final class OrphanGuard {

  static final int EXIT_ORPHANED = 3;
  private static final Duration CHECK_INTERVAL = Duration.ofMillis(500);

  private OrphanGuard() {}

  /** Watches the parent this JVM has now; a JVM started without one is left alone. */
  static void start() {
    // Captured once: after the parent dies the JVM is re-parented to init, which is alive.
    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
    if (parent.isEmpty()) {
      return;
    }
    ProcessHandle worker = parent.get();
    Thread watch =
        new Thread(
            () -> {
              while (worker.isAlive()) {
                try {
                  Thread.sleep(CHECK_INTERVAL.toMillis());
                } catch (InterruptedException e) {
                  return;
                }
              }
              System.err.println("ERROR: the worker that started this harness is gone");
              Runtime.getRuntime().halt(EXIT_ORPHANED);
            },
            "orphan-guard");
    watch.setDaemon(true);
    watch.start();
  }
}
