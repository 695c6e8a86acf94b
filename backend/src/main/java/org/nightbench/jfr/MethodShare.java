package org.nightbench.jfr;

/**
 * One method's part of a recording's CPU samples.
 *
 * @param method e.g. {@code org.apache.lucene.search.TermScorer.score}
 * @param selfSamples samples in which it was the running method
 * @param totalSamples samples in which it was anywhere on the stack, counted once per sample
 * @param profileSamples every sample of the recording, the shares' denominator (the API's JSON
 *     name, so kept)
 */
public record MethodShare(String method, long selfSamples, long totalSamples, long profileSamples) {

  /** Per cent of the recording's samples spent in the method itself. */
  public double selfPercent() {
    return profileSamples == 0 ? 0 : 100.0 * selfSamples / profileSamples;
  }

  /** Per cent of the recording's samples spent in the method and what it called. */
  public double totalPercent() {
    return profileSamples == 0 ? 0 : 100.0 * totalSamples / profileSamples;
  }
}
