package org.nightbench.jdk;

/**
 * Thrown when no suitable JDK can be found or a configured one is not a JDK; the message is one
 * line.
 */
public final class JdkException extends RuntimeException {

  public JdkException(String message) {
    super(message);
  }

  public JdkException(String message, Throwable cause) {
    super(message, cause);
  }
}
