package org.nightbench.benchjobs.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ThreadMXBean;
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
    void run() throws IOException;
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
   * {@code body} as a round timed whole: its wall time and the thread's CPU time go into {@code
   * log}, read outside whatever {@code body} times itself.
   */
  public static Round timed(RoundLog log, Round body) {
    ThreadMXBean cpu = log.threadCpu();
    return () -> {
      long c0 = cpu == null ? 0 : cpu.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      body.run();
      long t1 = System.nanoTime();
      long c1 = cpu == null ? 0 : cpu.getCurrentThreadCpuTime();
      log.add(t1 - t0, c1 - c0);
    };
  }

  /**
   * Exactly {@code warmup} rounds, then {@code measured}, each timed whole ({@link #timed}): the
   * fixed warm-up of a benchmark whose spec counts its warm-up rounds. No log line.
   */
  public static Warmup fixed(int warmup, int measuredRounds, Round round, Measured measured)
      throws IOException {
    RoundLog log = RoundLog.start();
    return run(
        WarmupGate.fixed(warmup, measuredRounds), log, timed(log, round), measured, null, null);
  }

  /**
   * Runs {@code round} until warm-up is over and {@code gate.measuredRounds()} rounds in a row were
   * measured, calling {@code measured} after each measured round; logs how warm-up went to {@code
   * out}, prefixed with {@code name} (no line when {@code out} is null).
   */
  public static Warmup run(
      WarmupGate gate, RoundLog log, Round round, Measured measured, String name, PrintStream out)
      throws IOException {
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
    if (out != null) {
      out.println(name + ": " + warmup.describe());
    }
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
