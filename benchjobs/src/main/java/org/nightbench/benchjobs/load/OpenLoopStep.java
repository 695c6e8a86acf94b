package org.nightbench.benchjobs.load;

import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

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

  /** Time as the step sees it; tests drive a fake one. */
  public interface Clock {
    long nanoTime();

    void sleepUntil(long nanoTime);
  }

  /** The system clock, parking the thread until the instant. */
  public static final Clock SYSTEM =
      new Clock() {
        @Override
        public long nanoTime() {
          return System.nanoTime();
        }

        @Override
        public void sleepUntil(long nanoTime) {
          for (long left = nanoTime - System.nanoTime(); left > 0; ) {
            LockSupport.parkNanos(left);
            left = nanoTime - System.nanoTime();
          }
        }
      };

  /**
   * What one step measured.
   *
   * @param abandoned requests still queued when the step's drain time ran out; they are recorded
   *     with the latency they had reached, a lower bound
   */
  public record Outcome(Histogram latencies, int completed, int abandoned, double seconds) {
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
        at = java.util.Arrays.copyOf(at, at.length * 2);
      }
      at[n++] = (long) (t * 1e9);
    }
    return java.util.Arrays.copyOf(at, n);
  }

  /**
   * Runs the schedule with one caller-thread worker: request {@code i} starts at its intended time
   * or when the previous one finished, whichever is later. The accounting the threaded run uses, in
   * a form a test can drive with a fake clock.
   */
  public static Outcome runInline(long[] arrivals, Service service, Clock clock) throws Exception {
    Histogram latencies = new Histogram(MAX_LATENCY_NANOS, 3);
    long start = clock.nanoTime();
    for (int i = 0; i < arrivals.length; i++) {
      long intended = start + arrivals[i];
      clock.sleepUntil(intended);
      service.call(i);
      latencies.recordValue(Math.min(MAX_LATENCY_NANOS, clock.nanoTime() - intended));
    }
    return new Outcome(latencies, arrivals.length, 0, (clock.nanoTime() - start) / 1e9);
  }

  /**
   * Runs the schedule on {@code threads} workers fed by the caller thread at the intended times.
   * After the last arrival the workers get {@code drainNanos} to empty the queue; what is left is
   * abandoned, so a step past capacity ends on time instead of hanging.
   */
  public static Outcome runThreaded(long[] arrivals, Service service, int threads, long drainNanos)
      throws InterruptedException {
    Recorder recorder = new Recorder(MAX_LATENCY_NANOS, 3);
    BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(Math.max(16, arrivals.length));
    AtomicInteger completed = new AtomicInteger();
    long start = System.nanoTime();
    Thread[] workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      workers[w] =
          new Thread(
              () -> {
                try {
                  while (true) {
                    int i = queue.take();
                    if (i < 0) {
                      return;
                    }
                    service.call(i);
                    long latency = System.nanoTime() - (start + arrivals[i]);
                    recorder.recordValue(Math.min(MAX_LATENCY_NANOS, latency));
                    completed.incrementAndGet();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } catch (Exception e) {
                  throw new IllegalStateException("a query failed under load: " + e, e);
                }
              },
              "load-worker-" + w);
      workers[w].setDaemon(true);
      workers[w].start();
    }
    for (int i = 0; i < arrivals.length; i++) {
      SYSTEM.sleepUntil(start + arrivals[i]);
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
      recorder.recordValue(Math.min(MAX_LATENCY_NANOS, System.nanoTime() - (start + arrivals[i])));
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
    return new Outcome(
        recorder.getIntervalHistogram(),
        completed.get(),
        abandoned,
        (System.nanoTime() - start) / 1e9);
  }
}
