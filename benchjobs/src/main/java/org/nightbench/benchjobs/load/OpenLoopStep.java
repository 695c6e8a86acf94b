package org.nightbench.benchjobs.load;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One step of offered load. Requests arrive by a Poisson process at the target rate, from a
 * schedule fixed before the step starts; each request's latency runs from its intended start, not
 * from when a worker got to it. A server that stalls for 500 ms therefore shows 500 ms of queueing
 * in every request that was due meanwhile, instead of one slow request (coordinated omission).
 */
public final class OpenLoopStep {

  /** Latencies are recorded up to a minute, at three significant digits. */
  static final long MAX_LATENCY_NANOS = TimeUnit.MINUTES.toNanos(1);

  /** The work one request does; {@code request} is its index in the schedule. */
  @FunctionalInterface
  public interface Service {
    void call(int request) throws Exception;
  }

  /**
   * What one step measured.
   *
   * @param latencies answered requests from their intended start, plus the abandoned ones
   * @param completed requests answered without an exception
   * @param errors requests whose query threw; not in {@code latencies}, the worker went on
   * @param firstError the first exception of the step, {@code null} without errors
   * @param abandoned requests still queued when the step's drain time ran out; they are recorded
   *     with the latency they had reached, a lower bound
   * @param seconds from the step's start to the last answer, at least the step's length
   */
  public record Outcome(
      Histogram latencies,
      int completed,
      int errors,
      String firstError,
      int abandoned,
      double seconds) {

    /**
     * Answers per second over the time they took: never more than the server answered, and never
     * more than the schedule offered, since {@code seconds} is at least the step's length.
     */
    public double achievedQps() {
      return completed / seconds;
    }
  }

  private OpenLoopStep() {}

  /**
   * Intended start times, in nanoseconds from the step's start: exponential gaps at {@code qps}.
   */
  public static long[] arrivals(double qps, double seconds, SplittableRandom random) {
    int expected = (int) Math.ceil(qps * seconds * 1.5) + 16;
    long[] at = new long[expected];
    int n = 0;
    double t = 0;
    while (true) {
      t += -Math.log(1 - random.nextDouble()) / qps;
      if (t >= seconds) {
        break;
      }
      if (n == at.length) {
        at = Arrays.copyOf(at, at.length * 2);
      }
      at[n++] = (long) (t * 1e9);
    }
    return Arrays.copyOf(at, n);
  }

  /**
   * Runs the schedule (arrivals within {@code stepNanos}) on {@code threads} workers fed by the
   * caller thread at the intended times. After the last arrival the workers get {@code drainNanos}
   * to empty the queue; what is left is abandoned, so a step past capacity ends on time instead of
   * hanging. A query that throws is counted as an error and its worker takes the next request.
   */
  public static Outcome runThreaded(
      long[] arrivals, long stepNanos, Service service, int threads, long drainNanos)
      throws InterruptedException {
    BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(Math.max(16, arrivals.length));
    long start = System.nanoTime();
    Tally tally = new Tally(start);
    Thread[] workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      workers[w] =
          new Thread(
              () -> {
                try {
                  for (int i; (i = queue.take()) >= 0; ) {
                    try {
                      service.call(i);
                    } catch (Exception e) {
                      tally.error(e);
                      continue;
                    }
                    tally.answered(start + arrivals[i], System.nanoTime());
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "load-worker-" + w);
      workers[w].setDaemon(true);
      workers[w].start();
    }
    for (int i = 0; i < arrivals.length; i++) {
      sleepUntil(start + arrivals[i]);
      queue.put(i);
    }
    long last = arrivals.length == 0 ? start : start + arrivals[arrivals.length - 1];
    long deadline = Math.max(System.nanoTime(), last) + drainNanos;
    while (!queue.isEmpty() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    int abandoned = 0;
    for (Integer i; (i = queue.poll()) != null; ) {
      abandoned++;
      tally.abandoned(start + arrivals[i], System.nanoTime());
    }
    for (int w = 0; w < threads; w++) {
      queue.put(-1);
    }
    long joinUntil = System.nanoTime() + drainNanos;
    for (Thread worker : workers) {
      worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(joinUntil - System.nanoTime())));
    }
    // In-flight queries of a step past capacity may still run; they are daemons and are not
    // counted, like the abandoned ones they are the server's backlog.
    return tally.close(abandoned, stepNanos);
  }

  private static void sleepUntil(long nanoTime) {
    for (long left = nanoTime - System.nanoTime(); left > 0; ) {
      LockSupport.parkNanos(left);
      left = nanoTime - System.nanoTime();
    }
  }

  /**
   * The step's counts under one lock, so the answers, their histogram and the time of the last one
   * are read as one snapshot; answers that arrive after {@link #close} are not counted.
   */
  private static final class Tally {
    private final long start;
    private final Histogram latencies = new Histogram(MAX_LATENCY_NANOS, 3);
    private int completed;
    private int errors;
    private String firstError;
    private long lastAnswer;
    private boolean closed;

    Tally(long start) {
      this.start = start;
      this.lastAnswer = start;
    }

    synchronized void answered(long intended, long now) {
      if (!closed) {
        latencies.recordValue(Math.min(MAX_LATENCY_NANOS, now - intended));
        completed++;
        lastAnswer = now;
      }
    }

    synchronized void error(Exception e) {
      if (!closed) {
        errors++;
        if (firstError == null) {
          firstError = e.toString();
        }
      }
    }

    synchronized void abandoned(long intended, long now) {
      latencies.recordValue(Math.min(MAX_LATENCY_NANOS, now - intended));
    }

    synchronized Outcome close(int abandoned, long stepNanos) {
      closed = true;
      double seconds = Math.max(stepNanos, lastAnswer - start) / 1e9;
      return new Outcome(latencies.copy(), completed, errors, firstError, abandoned, seconds);
    }
  }
}
