package org.nightbench.harness;

/** A forked harness JVM was killed because its {@link Cancellation} asked to stop. */
public class HarnessCancelledException extends HarnessFailedException {

  public HarnessCancelledException(String message) {
    super(message);
  }
}
