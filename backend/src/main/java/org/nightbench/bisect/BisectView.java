package org.nightbench.bisect;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A bisect as the API and its page show it: the stored bisect, its commits and probes, and what
 * follows from them — progress while it runs, the culprit (or range) once it has ended.
 *
 * @param progress e.g. "probe 2 of about 4, 5 commits left"; null once ended
 * @param culprit the one commit found, or null
 * @param suspects the commits the change may be in: the range after the good end up to the bad end,
 *     one commit when found
 * @param culpritComparisonId the comparison that showed the bad end of the final range measuring as
 *     the bad end: "what got slower" (its page shows the two sides, and their JFR samples when
 *     recorded)
 * @param culpritJfrDiff the culprit's JFR samples against its parent's, when the bisect recorded
 *     JFR and found one commit; else null. {@code culpritProfileDiff} in the JSON, as documented
 */
public record BisectView(
    Bisect bisect,
    List<BisectCommit> commits,
    List<BisectProbe> probes,
    String progress,
    BisectCommit good,
    BisectCommit bad,
    BisectCommit culprit,
    List<BisectCommit> suspects,
    Long culpritComparisonId,
    @JsonProperty("culpritProfileDiff") CulpritJfrDiff culpritJfrDiff) {

  static BisectView of(Bisect b, List<BisectCommit> commits, List<BisectProbe> probes) {
    BisectCommit good = commits.get(b.goodPosition());
    BisectCommit bad = commits.get(b.badPosition());
    List<BisectCommit> suspects = commits.subList(b.goodPosition() + 1, b.badPosition() + 1);
    boolean ended = !b.running();
    BisectCommit culprit = Bisect.FOUND.equals(b.state()) ? bad : null;
    Long comparison = null;
    for (BisectProbe probe : probes) {
      if (probe.position() == b.badPosition() && probe.verdict() == ProbeVerdict.DIFFERENT) {
        comparison = probe.comparisonId();
      }
    }
    return new BisectView(
        b,
        commits,
        probes,
        ended ? null : progress(b, probes),
        good,
        bad,
        culprit,
        List.copyOf(suspects),
        ended ? comparison : null,
        CulpritJfrDiff.of(b, probes));
  }

  private static String progress(Bisect b, List<BisectProbe> probes) {
    BisectRange range =
        new BisectRange(
            b.goodPosition(),
            b.badPosition(),
            java.util.Set.copyOf(
                probes.stream()
                    .filter(p -> p.verdict() == ProbeVerdict.UNBUILDABLE)
                    .map(BisectProbe::position)
                    .toList()));
    BisectProbe last = probes.isEmpty() ? null : probes.get(probes.size() - 1);
    String size = "range " + (b.badPosition() - b.goodPosition()) + " commits";
    if (last == null || last.ends()) {
      return "measuring the ends (probe 0), then about " + range.probesLeft() + " probes; " + size;
    }
    long done = probes.stream().filter(p -> !p.ends()).map(BisectProbe::step).distinct().count();
    boolean pending = last.verdict() == null;
    long current = pending ? done : done + 1;
    long about = pending ? done - 1 + Math.max(1, range.probesLeft()) : done + range.probesLeft();
    return "probe " + current + " of about " + Math.max(current, about) + "; " + size;
  }
}
