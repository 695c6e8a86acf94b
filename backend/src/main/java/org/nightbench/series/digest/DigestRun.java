package org.nightbench.series.digest;

import java.time.Instant;
import java.util.List;

/**
 * One end of a digest: a run with what makes it comparable (machine, JDK, corpus, profile) and what
 * a reader names it by.
 *
 * @param x the run's place on the time axis (its revision date)
 * @param disturbedReason why the run's calibration says the machine moved; null if not
 * @param notes the run's remarks (skipped steps and categories among them)
 */
public record DigestRun(
    long id,
    String luceneSpec,
    String luceneVersion,
    String commitSha,
    Instant x,
    String machine,
    String jdk,
    String corpus,
    String profile,
    String status,
    String disturbedReason,
    List<String> notes) {

  public DigestRun {
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** E.g. {@code 10.1.0} or {@code 11.0.0-SNAPSHOT abc1234}. */
  public String label() {
    String version = luceneVersion != null ? luceneVersion : luceneSpec;
    return commitSha == null
        ? version
        : version + " " + commitSha.substring(0, Math.min(7, commitSha.length()));
  }

  /** A release: a Maven spec with a known version. */
  public boolean release() {
    return luceneVersion != null && luceneSpec != null && luceneSpec.startsWith("maven:");
  }

  /** Whether the machine, not Lucene, is suspected of having moved in this run. */
  public boolean disturbed() {
    return disturbedReason != null;
  }

  /**
   * Why this run cannot be compared with {@code other}, e.g. {@code "machine bench-1 vs bench-2"};
   * null when it can.
   */
  String incomparability(DigestRun other) {
    if (!machine.equals(other.machine)) {
      return "machine " + machine + " vs " + other.machine;
    }
    if (!String.valueOf(jdk).equals(String.valueOf(other.jdk))) {
      return "JDK " + jdk + " vs " + other.jdk;
    }
    if (!corpus.equals(other.corpus)) {
      return "corpus " + corpus + " vs " + other.corpus;
    }
    if (!profile.equals(other.profile)) {
      return "profile " + profile + " vs " + other.profile;
    }
    return null;
  }
}
