package org.nightbench.corpus;

/**
 * Thrown when a corpus setting names no usable file or the default corpus cannot be fetched;
 * one-line message.
 */
public final class CorpusException extends RuntimeException {

  public CorpusException(String message) {
    super(message);
  }

  public CorpusException(String message, Throwable cause) {
    super(message, cause);
  }
}
