package org.nightbench.series.digest;

import java.util.Locale;

/** What the digest concludes about one series between two runs, from the reader's side. */
public enum Judgement {
  /** Significantly worse after Benjamini–Hochberg across the run (slower, or bigger). */
  WORSE,
  /** Significantly better. */
  BETTER,
  /** Judged, and no difference beyond the noise of the JVMs. */
  WITHIN_NOISE,
  /** Not judged: one JVM a side, values a test cannot take, or a disturbed machine. */
  NOT_JUDGED;

  /** As the API and the pages' filter name it: {@code worse}, {@code within-noise} … */
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** As a person reads it: {@code within noise}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
