package org.nightbench.harness;

import java.util.Optional;

/**
 * Asked by the launcher about once a second while a forked JVM runs: a reason means stop now, kill
 * the JVM and everything it started.
 */
@FunctionalInterface
public interface Cancellation {

  /** Never asks to stop. */
  Cancellation NONE = Optional::empty;

  /** Why the work should stop (e.g. "cancelled by a user"), or empty to go on. */
  Optional<String> reason();
}
