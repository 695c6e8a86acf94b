package org.nightbench.bisect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.nightbench.comparisons.ComparisonResult;
import org.nightbench.comparisons.ComparisonService;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.runs.RunStatus;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Walks running bisects one step per poller round: judges a probe whose comparison has ended, then
 * moves the range and queues the next comparison, or ends the bisect. Each bisect's step is one
 * transaction holding its row locked, so two instances never step the same bisect at once.
 */
@Component
class BisectSteps {

  private static final Logger log = LoggerFactory.getLogger(BisectSteps.class);

  private final BisectRepository repository;
  private final ComparisonService comparisons;
  private final BisectAnnouncer announcer;
  private final TransactionTemplate transaction;

  BisectSteps(
      BisectRepository repository,
      ComparisonService comparisons,
      BisectAnnouncer announcer,
      TransactionTemplate transaction) {
    this.repository = repository;
    this.comparisons = comparisons;
    this.announcer = announcer;
    this.transaction = transaction;
  }

  /** One round: every running bisect takes the step it can. */
  void work() {
    for (long id : repository.running()) {
      try {
        transaction.executeWithoutResult(status -> step(id));
      } catch (RuntimeException e) {
        // One bisect that cannot step (its comparison row gone, say) holds up no other.
        log.warn("Bisect {}: step failed; trying again next round", id, e);
      }
    }
  }

  private void step(long id) {
    Optional<Bisect> locked = repository.lockRunning(id);
    if (locked.isEmpty()) {
      return;
    }
    Bisect b = locked.get();
    List<BisectProbe> probes = repository.probes(id);
    if (probes.isEmpty()) {
      start(b, 0, b.badPosition(), b.jvms());
      return;
    }
    BisectProbe last = probes.get(probes.size() - 1);
    if (last.verdict() == null) {
      ComparisonView comparison = comparisons.get(last.comparisonId());
      if (comparison.status() == RunStatus.QUEUED || comparison.status() == RunStatus.RUNNING) {
        return;
      }
      if (!judge(b, last, comparison)) {
        return;
      }
      b = repository.find(id).orElseThrow();
      probes = repository.probes(id);
      last = probes.get(probes.size() - 1);
    }
    next(b, probes, last);
  }

  /** Stores the probe's verdict and moves the range; false when the bisect ended on it. */
  private boolean judge(Bisect b, BisectProbe probe, ComparisonView comparison) {
    if (comparison.status() != RunStatus.SUCCEEDED || comparison.result() == null) {
      return failed(b, probe, comparison);
    }
    List<BisectProbe> tries = tries(repository.probes(b.id()), probe);
    List<ComparisonResult> results = new ArrayList<>();
    for (BisectProbe earlier : tries.subList(0, tries.size() - 1)) {
      ComparisonView view = comparisons.get(earlier.comparisonId());
      if (view.result() != null) {
        results.add(view.result());
      }
    }
    results.add(comparison.result());
    Optional<TaskComparison> row = PooledProbe.row(results, b.benchmark(), b.metric(), b.task());
    if (row.isEmpty()) {
      String why = "comparison " + comparison.id() + " measured no " + what(b);
      repository.judge(probe.id(), ProbeVerdict.UNKNOWN, null, null, null, why);
      return end(b, Bisect.FAILED, why);
    }
    TaskComparison t = row.get();
    ProbeVerdict verdict =
        probe.ends()
            ? ProbeJudge.judgeEnds(t.verdict() != Verdict.NO_DIFFERENCE, t.relativeDifference())
            : ProbeJudge.judge(t.relativeDifference(), t.ciLow(), t.ciHigh(), b.referenceEffect());
    repository.judge(
        probe.id(),
        verdict,
        t.relativeDifference(),
        t.ciLow(),
        t.ciHigh(),
        t.test()
            + " q="
            + String.format(java.util.Locale.ROOT, "%.3g", t.qValue())
            + (results.size() > 1
                ? ", pooled over " + results.size() + " comparisons, " + jvms(tries) + " JVMs"
                : ""));
    if (probe.ends() && verdict == ProbeVerdict.DIFFERENT) {
      repository.referenceEffect(b.id(), t.relativeDifference());
    } else if (verdict == ProbeVerdict.DIFFERENT) {
      repository.moveRange(b.id(), b.goodPosition(), probe.position());
    } else if (verdict == ProbeVerdict.SAME) {
      repository.moveRange(b.id(), probe.position(), b.badPosition());
    }
    return true;
  }

  /**
   * A probe whose commit does not build is skipped; any other failure (the good end not building, a
   * timeout, a cancelled comparison) ends the bisect with the reason.
   */
  private boolean failed(Bisect b, BisectProbe probe, ComparisonView comparison) {
    List<BisectCommit> commits = repository.commits(b.id());
    String error = comparison.error() == null ? "" : comparison.error();
    String probed = commits.get(probe.position()).shortSha();
    if (comparison.status() == RunStatus.FAILED
        && error.contains("building " + probed + " failed")) {
      repository.judge(probe.id(), ProbeVerdict.UNBUILDABLE, null, null, null, firstLine(error));
      repository.markUnbuildable(b.id(), probe.position());
      if (probe.ends()) {
        return end(b, Bisect.FAILED, "the bad end " + probed + " does not build");
      }
      return true;
    }
    String why =
        "comparison "
            + comparison.id()
            + " "
            + comparison.status().name().toLowerCase(java.util.Locale.ROOT)
            + (error.isEmpty() ? "" : ": " + firstLine(error));
    repository.judge(probe.id(), ProbeVerdict.UNKNOWN, null, null, null, why);
    return end(b, Bisect.FAILED, why);
  }

  /** After a judged probe: more JVMs for an unknown one, the next probe, or the answer. */
  private void next(Bisect b, List<BisectProbe> probes, BisectProbe last) {
    List<BisectCommit> commits = repository.commits(b.id());
    if (last.verdict() == ProbeVerdict.UNKNOWN) {
      // The retry's JVMs join the earlier ones' samples: the pooled count doubles, up to the cap.
      int pooled = jvms(tries(probes, last));
      if (pooled < b.maxJvms()) {
        start(b, last.step(), last.position(), Math.min(b.maxJvms() - pooled, pooled));
      } else if (last.ends()) {
        end(b, Bisect.FAILED, "no difference between the ends shown with " + pooled + " JVMs");
      } else {
        end(b, Bisect.UNDECIDED, undecided(b, commits, last, pooled));
      }
      return;
    }
    BisectRange range = range(b, commits);
    OptionalInt probe = range.nextProbe();
    if (probe.isPresent()) {
      int step = probes.stream().mapToInt(BisectProbe::step).max().orElse(0) + 1;
      start(b, step, probe.getAsInt(), b.jvms());
    } else if (range.isOneCommit()) {
      BisectCommit culprit = commits.get(range.bad());
      end(b, Bisect.FOUND, "the change is " + culprit.shortSha() + " " + culprit.subject());
    } else {
      end(
          b,
          Bisect.RANGE,
          "the change is in "
              + commits.get(range.good()).shortSha()
              + ".."
              + commits.get(range.bad()).shortSha()
              + ": the "
              + (range.bad() - range.good() - 1)
              + " commits between do not build");
    }
  }

  private void start(Bisect b, int step, int position, int jvms) {
    List<BisectCommit> commits = repository.commits(b.id());
    try {
      ComparisonView comparison =
          comparisons.create(
              ProbeRequests.of(b, commits.get(0).sha(), commits.get(position).sha(), jvms),
              b.requestedBy());
      repository.addProbe(b.id(), step, position, comparison.id(), jvms);
      log.info("Bisect {}: probing {} in comparison {}", b.id(), position, comparison.id());
    } catch (IllegalArgumentException e) {
      // The profile or corpus went away since the bisect was checked.
      end(b, Bisect.FAILED, "cannot queue a comparison: " + e.getMessage());
    }
  }

  private boolean end(Bisect b, String state, String message) {
    if (repository.end(b.id(), state, message)) {
      log.info("Bisect {} {}: {}", b.id(), state, message);
      announcer.announce(b.id());
    }
    return false;
  }

  private static BisectRange range(Bisect b, List<BisectCommit> commits) {
    Set<Integer> unbuildable =
        Set.copyOf(
            commits.stream()
                .filter(BisectCommit::unbuildable)
                .map(BisectCommit::position)
                .toList());
    return new BisectRange(b.goodPosition(), b.badPosition(), unbuildable);
  }

  /** The probe and its earlier tries: the comparisons of its step and commit, oldest first. */
  private static List<BisectProbe> tries(List<BisectProbe> probes, BisectProbe probe) {
    return probes.stream()
        .filter(p -> p.step() == probe.step() && p.position() == probe.position())
        .filter(p -> p.comparisonId() != null && p.id() <= probe.id())
        .toList();
  }

  private static int jvms(List<BisectProbe> tries) {
    return tries.stream().mapToInt(BisectProbe::jvms).sum();
  }

  private static String undecided(
      Bisect b, List<BisectCommit> commits, BisectProbe last, int pooled) {
    return commits.get(last.position()).shortSha()
        + " stayed unknown at "
        + pooled
        + " JVMs; the change is in "
        + commits.get(b.goodPosition()).shortSha()
        + ".."
        + commits.get(b.badPosition()).shortSha();
  }

  private static String what(Bisect b) {
    return b.benchmark() + " " + b.metric() + " of " + b.task();
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
