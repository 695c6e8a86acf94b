package org.nightbench.bisect;

import java.util.List;

/**
 * "What got slower" at a found culprit: the JFR samples of its parent (the last commit judged the
 * same as the good end) against the culprit's own, both taken from comparisons the bisect already
 * ran, so no new run is needed. Every probe compares the good end (baseline) with the probed commit
 * (candidate): the parent's recording is the candidate side of its probe, or the baseline side of
 * the ends' comparison when the parent is the good end itself; the culprit's is the candidate side
 * of the probe that judged it different (the ends' comparison when the culprit is the bad end).
 *
 * @param page the diff page, {@code /profiles/diff?...}
 * @param api the same diff as JSON, {@code /api/profiles/diff?...}
 */
public record CulpritJfrDiff(
    long before, String beforeSide, long after, String afterSide, String page, String api) {

  static final String BASELINE = "baseline";
  static final String CANDIDATE = "candidate";

  static CulpritJfrDiff of(long before, String beforeSide, long after, String afterSide) {
    String query =
        "?before="
            + before
            + "&beforeSide="
            + beforeSide
            + "&after="
            + after
            + "&afterSide="
            + afterSide;
    return new CulpritJfrDiff(
        before,
        beforeSide,
        after,
        afterSide,
        "/profiles/diff" + query,
        "/api/profiles/diff" + query);
  }

  /**
   * The diff for a bisect that recorded JFR and found one commit; null otherwise, or when a
   * comparison it needs is gone.
   */
  static CulpritJfrDiff of(Bisect b, List<BisectProbe> probes) {
    if (!b.jfr() || !Bisect.FOUND.equals(b.state())) {
      return null;
    }
    Long parent = null;
    String parentSide = null;
    Long culprit = null;
    for (BisectProbe p : probes) {
      if (p.comparisonId() == null) {
        continue;
      }
      if (p.ends() && p.verdict() == ProbeVerdict.DIFFERENT && b.goodPosition() == 0) {
        parent = p.comparisonId();
        parentSide = BASELINE;
      } else if (p.position() == b.goodPosition() && p.verdict() == ProbeVerdict.SAME) {
        parent = p.comparisonId();
        parentSide = CANDIDATE;
      }
      if (p.position() == b.badPosition() && p.verdict() == ProbeVerdict.DIFFERENT) {
        culprit = p.comparisonId();
      }
    }
    return parent == null || culprit == null ? null : of(parent, parentSide, culprit, CANDIDATE);
  }
}
