package org.nightbench.lucene;

/**
 * Thrown by {@link MavenArtifacts} when artifacts cannot be resolved; the message is one line
 * naming them.
 */
public final class MavenArtifactException extends RuntimeException {

  private final boolean notFound;

  MavenArtifactException(String message, boolean notFound, Throwable cause) {
    super(message, cause);
    this.notFound = notFound;
  }

  /**
   * True when every repository answered that the artifact does not exist, as opposed to a network
   * or checksum error.
   */
  public boolean notFound() {
    return notFound;
  }
}
