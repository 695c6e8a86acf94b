package org.nightbench.benchjobs.runner;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Decides when warm-up is over, for every benchmark that measures in repeated rounds: after the
 * minimum rounds, once the JIT has stopped compiling and the round times have settled, or when the
 * time cap is reached. {@link RoundRunner} asks it after each round.
 *
 * <p>Round times alone end warm-up too early: at 20 to 40 repetitions a few alike rounds between
 * two tiers of compilation passed for the end, and the 10.x/9.x ratios of the same indexes were off
 * by up to 0.28 against 300 repetitions. So the JIT's own account comes first: the JVM's total
 * compilation time (the compilation MXBean) must grow by at most {@value #JIT_SHARE} of the wall
 * time over the last three windows, at least {@value #QUIET_SECONDS} s and half of the warm-up
 * rounds (the JIT compiles a method once it has run often enough: on a 20,000-document index 10.6.0
 * sat on a quiet plateau 3.5 times slower than its compiled speed from round 150 to round 500), and
 * then the median round times of those three windows must each differ from the one before by at
 * most the tolerance. Three windows, not two: tiered compilation makes round times fall in steps,
 * and two windows on one step look settled. Medians, not means, so one GC pause or a neighbour's
 * burst on a shared machine does not hold warm-up open. A JVM that reports no compilation time is
 * judged on round times alone.
 *
 * <p>Within that span the JIT must also have <em>stood still</em> over the latest rounds, as many
 * as will be measured (at least three windows): no compilation at all ({@link #stillRounds()}). A
 * share alone let a tail through: with {@code quick}'s 45 measured rounds of 30 queries (some 40 ms
 * of searching) 1 % of a one-second span is 10 ms, and 9.12.3's search JVMs went on compiling 10 to
 * 50 ms while measuring, its first measured rounds up to 18 % slower than its last, and the
 * 10.6.0/9.12.3 ratios read up to 0.15 high against an independent loop run to convergence.
 *
 * <p>The cap counts the search thread's CPU time where the JVM measures it, not wall time: on a
 * machine shared with builds a 15 s wall cap left a search JVM about one second of CPU, every JVM
 * was cut off while compiling and the release that compiles more came out up to 40 % slower. A
 * neighbour's load so stretches warm-up instead of cutting it short, up to {@value #WALL_BACKSTOP}
 * times the cap in wall time.
 */
public final class WarmupGate {

  /** At most this share of the quiet span's wall time may go to compilation: 10 ms per second. */
  public static final double JIT_SHARE = 0.01;

  /**
   * At most this share of the quiet span's wall time may go to CPU outside the search thread (the
   * JIT's and GC's threads). The compilation counter grows only when a compilation finishes: on a
   * busy machine one starved C2 compilation takes seconds and shows as silence; its CPU does not.
   */
  public static final double BACKGROUND_SHARE = 0.03;

  /**
   * The JIT must have been quiet at least this long, and for at least half of the warm-up rounds:
   * the compilation counter moves in steps of whole compilations, and a short quiet spell is often
   * just the gap between two of them.
   */
  public static final double QUIET_SECONDS = 1.0;

  /**
   * Wall time may exceed the cap this many times over while the search thread waits for a CPU. At
   * four times, on a 2-core machine at load 12 to 23 every JVM of the {@code quick} profile reached
   * it with 2.6 to 7.6 s of its 15 s CPU, still compiling (one measured HighTerm 48 us in its first
   * measured rounds and 32 us in its last); JVMs cut so put the 10.x/9.x ratios up to 16 % off
   * against ten times the repetitions. Twenty times lets a search thread with a tenth of a core
   * finish; the step timeout (30 minutes by default) still bounds a thread that gets none.
   */
  static final int WALL_BACKSTOP = 20;

  private static final int WINDOWS = 3;

  /** Why warm-up ended, as recorded with each JVM's result. */
  public enum End {
    FIXED("fixed", "adaptive warm-up off: the minimum rounds"),
    COMPILED(
        "compiled",
        "the JIT stood still over as many rounds as are measured and round times settled"),
    SETTLED("settled", "round times settled (this JVM reports no compilation time)"),
    CAPPED_COMPILING("capped-compiling", "time cap reached while the JIT was still compiling"),
    CAPPED_UNSETTLED(
        "capped-unsettled", "time cap reached: the JIT was idle but round times still moved");

    private final String code;
    private final String reason;

    End(String code, String reason) {
      this.code = code;
      this.reason = reason;
    }

    /** The code a result records as {@code warmupEnd}, e.g. {@code compiled}. */
    public String code() {
      return code;
    }

    /** The sentence a result records as {@code warmupEndReason}. */
    public String reason() {
      return reason;
    }

    /** Whether warm-up ended because the code was warm rather than by a count or a cap. */
    public boolean warm() {
      return this == COMPILED || this == SETTLED;
    }
  }

  /**
   * What warm-up has seen so far.
   *
   * @param judgedNanos per round, the time convergence is judged on (thread CPU time, or wall)
   * @param judgedOnCpu whether {@code judgedNanos} are the search thread's CPU time
   * @param wallNanos per round, wall time
   * @param compileMillis the JVM's total compilation time before the first round and after each
   *     round, so one longer than the rounds; empty when the JVM does not report it
   * @param backgroundCpuNanos the process's CPU time outside the search thread, before the first
   *     round and after each; empty when the JVM does not report it
   */
  public record Observed(
      List<Long> judgedNanos,
      boolean judgedOnCpu,
      List<Long> wallNanos,
      List<Long> compileMillis,
      List<Long> backgroundCpuNanos) {

    public int rounds() {
      return wallNanos.size();
    }

    /** The search thread's CPU time so far; -1 without one. */
    public long cpuNanos() {
      return judgedOnCpu ? judgedNanos.stream().mapToLong(Long::longValue).sum() : -1;
    }

    boolean jitReported() {
      return !compileMillis.isEmpty();
    }
  }

  private final int minRounds;
  private final int measuredRounds;
  private final double maxWarmupSec;
  private final long maxNanos;
  private final double tolerance;
  private final int window;

  /**
   * @param minRounds warm-up rounds at least
   * @param measuredRounds rounds measured after warm-up; the JIT must have stood still over as many
   * @param maxWarmupSec cap on warm-up time: the search thread's CPU seconds where the JVM measures
   *     them (and at most {@value #WALL_BACKSTOP} times as long in wall time), else wall seconds; 0
   *     turns adaptive warm-up off (exactly {@code minRounds} rounds)
   * @param tolerance relative change of the median round time between two windows below which round
   *     times have settled, e.g. 0.02
   * @param window rounds per window
   */
  public WarmupGate(
      int minRounds, int measuredRounds, double maxWarmupSec, double tolerance, int window) {
    if (minRounds < 0 || measuredRounds < 1 || !(maxWarmupSec >= 0) || window < 1) {
      throw new IllegalArgumentException(
          "warm-up gate needs rounds >= 0, measured rounds >= 1, a cap >= 0 and a window >= 1");
    }
    this.minRounds = minRounds;
    this.measuredRounds = measuredRounds;
    this.maxWarmupSec = maxWarmupSec;
    this.maxNanos = (long) (maxWarmupSec * 1e9);
    this.tolerance = tolerance;
    this.window = window;
  }

  /** Exactly {@code rounds} warm-up rounds, then {@code measuredRounds}: adaptive warm-up off. */
  public static WarmupGate fixed(int rounds, int measuredRounds) {
    return new WarmupGate(rounds, measuredRounds, 0, 0.02, 5);
  }

  public int minRounds() {
    return minRounds;
  }

  public int measuredRounds() {
    return measuredRounds;
  }

  public double maxWarmupSec() {
    return maxWarmupSec;
  }

  public double tolerance() {
    return tolerance;
  }

  public int window() {
    return window;
  }

  /**
   * How many of the latest rounds must have seen no compilation at all: as many as are measured, at
   * least three windows.
   */
  public int stillRounds() {
    return Math.max(WINDOWS * window, measuredRounds);
  }

  /** Whether adaptive warm-up is on at all. */
  public boolean adaptive() {
    return maxNanos > 0;
  }

  /** Whether to stop warming up after what was observed in this much warm-up wall time. */
  public boolean done(Observed seen, long wallNanos) {
    if (seen.rounds() < minRounds) {
      return false;
    }
    return !adaptive() || capped(seen, wallNanos) || warm(seen);
  }

  /** Whether the cap is reached: in search-thread CPU time where known, else in wall time. */
  boolean capped(Observed seen, long wallNanos) {
    if (!seen.judgedOnCpu()) {
      return wallNanos >= maxNanos;
    }
    return seen.cpuNanos() >= maxNanos || wallNanos >= WALL_BACKSTOP * maxNanos;
  }

  /** Why warm-up ended, once {@link #done} said so. */
  public End end(Observed seen) {
    if (!adaptive()) {
      return End.FIXED;
    }
    boolean settled = converged(seen.judgedNanos());
    if (!seen.jitReported()) {
      return settled ? End.SETTLED : End.CAPPED_UNSETTLED;
    }
    if (!jitIdle(seen)) {
      return End.CAPPED_COMPILING;
    }
    return settled ? End.COMPILED : End.CAPPED_UNSETTLED;
  }

  /** Whether the JIT is idle (where the JVM tells) and round times have settled. */
  boolean warm(Observed seen) {
    return (!seen.jitReported() || jitIdle(seen)) && converged(seen.judgedNanos());
  }

  /**
   * Whether compilation took at most {@link #JIT_SHARE} of the wall time, and CPU outside the
   * search thread at most {@link #BACKGROUND_SHARE}, over the shortest run of latest rounds that
   * spans three windows, {@link #QUIET_SECONDS} and half of all rounds so far; and none at all over
   * the latest {@link #stillRounds()}.
   */
  boolean jitIdle(Observed seen) {
    int n = seen.rounds();
    if (seen.compileMillis().size() != n + 1) {
      throw new IllegalArgumentException(
          "need compilation times before and after each of " + n + " rounds");
    }
    long quietNanos = (long) (QUIET_SECONDS * 1e9);
    long span = 0;
    int k = 0;
    // Half of all rounds so far, too: the JIT compiles a method once it has run often enough, so
    // a plateau between two waves of compilation lasts as many rounds as came before it.
    int half = (n + 1) / 2;
    while (k < n && (k < WINDOWS * window || k < half || span < quietNanos)) {
      span += seen.wallNanos().get(n - 1 - k);
      k++;
    }
    if (k < WINDOWS * window || k < half || span < quietNanos) {
      return false;
    }
    long compiledMillis = seen.compileMillis().get(n) - seen.compileMillis().get(n - k);
    if (compiledMillis * 1e6 > JIT_SHARE * span) {
      return false;
    }
    int still = stillRounds();
    if (n < still || seen.compileMillis().get(n) - seen.compileMillis().get(n - still) != 0) {
      return false;
    }
    List<Long> background = seen.backgroundCpuNanos();
    if (background.isEmpty()) {
      return true;
    }
    if (background.size() != n + 1) {
      throw new IllegalArgumentException(
          "need background CPU times before and after each of " + n + " rounds");
    }
    return background.get(n) - background.get(n - k) <= BACKGROUND_SHARE * span;
  }

  /** Whether the last three windows of {@code roundNanos} agree step by step. */
  boolean converged(List<Long> roundNanos) {
    int n = roundNanos.size();
    if (n < WINDOWS * window) {
      return false;
    }
    double previous = median(roundNanos.subList(n - WINDOWS * window, n - (WINDOWS - 1) * window));
    for (int w = WINDOWS - 1; w >= 1; w--) {
      double current = median(roundNanos.subList(n - w * window, n - (w - 1) * window));
      if (Math.abs(current - previous) > tolerance * previous) {
        return false;
      }
      previous = current;
    }
    return true;
  }

  /** One line for the progress log, e.g. "compiled: the JIT stood still ...". */
  public static String describe(End end) {
    return String.format(Locale.ROOT, "%s: %s", end.code, end.reason);
  }

  public static double median(List<Long> values) {
    long[] v = values.stream().mapToLong(Long::longValue).toArray();
    return median(v);
  }

  public static double median(long[] values) {
    long[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  }
}
