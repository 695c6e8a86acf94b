package org.nightbench.harness;

/** A forked harness JVM failed; the message is one line that says which step and why. */
public class HarnessFailedException extends RuntimeException {

  public HarnessFailedException(String message) {
    super(message);
  }
}
