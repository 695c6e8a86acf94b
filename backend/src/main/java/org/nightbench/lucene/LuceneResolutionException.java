package org.nightbench.lucene;

/**
 * Thrown when a Lucene spec is malformed or cannot be resolved; the message is one line naming the
 * problem.
 */
public final class LuceneResolutionException extends IllegalArgumentException {

  public LuceneResolutionException(String message) {
    super(message);
  }

  public LuceneResolutionException(String message, Throwable cause) {
    super(message, cause);
  }
}
