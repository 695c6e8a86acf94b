package org.nightbench.corpus;

/**
 * Thrown when a corpus setting is not an allowed corpus, names no usable file, or the default
 * corpus cannot be fetched; one-line message. Bad input for the API: a 400.
 */
public final class CorpusException extends IllegalArgumentException {

  public CorpusException(String message) {
    super(message);
  }

  public CorpusException(String message, Throwable cause) {
    super(message, cause);
  }
}
