package org.nightbench.benchjobs.runner;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Runs the rounds of a benchmark that measures in repeated rounds: warm-up rounds until the {@link
 * WarmupGate} says the code is warm, then the gate's measured rounds. Every round, warm-up or
 * measured, runs from one call site, so the measured rounds run the code the warm-up compiled: a
 * second loop for the measured rounds started running interpreted, was compiled on the stack while
 * measuring, and its compilation ran alongside the first measured rounds.
 *
 * <p>When the JIT still finishes a compilation during a measured round, the rounds measured so far
 * are dropped (they count as warm-up) and measuring starts again, until the measured rounds see
 * none or the gate's cap is reached (then warm-up ends {@code capped-compiling}). How often is
 * reported ({@link Warmup#restarts()}).
 */
public final class RoundRunner {

  /** One round: runs every operation once and records the round in the {@link RoundLog}. */
  @FunctionalInterface
  public interface Round {
    void run() throws Exception;
  }

  /** What to keep of measured round {@code r} (0-based), read right after it ran. */
  @FunctionalInterface
  public interface Measured {
    void keep(int r);
  }

  /**
   * How warm-up went.
   *
   * @param rounds rounds before the measured ones, dropped measured rounds included
   * @param wallNanos their wall time
   * @param cpuNanos their measuring thread's CPU time; -1 without one
   * @param end why warm-up ended
   * @param restarts how often measuring started again because the JIT compiled meanwhile
   */
  public record Warmup(
      int rounds, long wallNanos, long cpuNanos, WarmupGate.End end, int restarts) {

    /** One line for the run's log. */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "warm-up %d rounds in %.1f s, %.1f s CPU (%s)%s",
          rounds,
          wallNanos / 1e9,
          cpuNanos / 1e9,
          WarmupGate.describe(end),
          restarts == 0 ? "" : ", measuring restarted " + restarts + "x after a compilation");
    }
  }

  private RoundRunner() {}

  /**
   * Runs {@code round} until warm-up is over and {@code gate.measuredRounds()} rounds in a row were
   * measured, calling {@code measured} after each measured round; logs how warm-up went, prefixed
   * with {@code name}.
   */
  public static Warmup run(
      WarmupGate gate, RoundLog log, Round round, Measured measured, String name, PrintStream out)
      throws Exception {
    long start = System.nanoTime();
    Phase phase = new Phase();
    while (true) {
      if (!phase.measuring) {
        WarmupGate.Observed seen = log.observed();
        if (gate.done(seen, System.nanoTime() - start)) {
          phase.startMeasuring(gate.end(seen), log, start);
        }
      }
      if (phase.measuring && phase.measured == gate.measuredRounds()) {
        break;
      }
      round.run();
      if (phase.measuring) {
        if (log.compiledDuringLastRound() && phase.end.warm()) {
          if (!gate.capped(log.observed(), System.nanoTime() - start)) {
            phase.restarts++;
            phase.startMeasuring(phase.end, log, start);
            continue;
          }
          phase.end = WarmupGate.End.CAPPED_COMPILING;
        }
        measured.keep(phase.measured++);
      }
    }
    Warmup warmup =
        new Warmup(
            phase.warmupRounds, phase.warmupNanos, phase.warmupCpu, phase.end, phase.restarts);
    out.println(name + ": " + warmup.describe());
    return warmup;
  }

  /** Where the loop is: warming up, or measuring since round {@code warmupRounds}. */
  private static final class Phase {
    boolean measuring;
    int measured;
    int warmupRounds;
    long warmupNanos;
    long warmupCpu;
    WarmupGate.End end;
    int restarts;

    void startMeasuring(WarmupGate.End why, RoundLog log, long start) {
      measuring = true;
      measured = 0;
      end = why;
      warmupRounds = log.rounds();
      warmupNanos = System.nanoTime() - start;
      warmupCpu = log.observed().cpuNanos();
    }
  }
}
