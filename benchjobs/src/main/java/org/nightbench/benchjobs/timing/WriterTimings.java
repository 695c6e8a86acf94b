package org.nightbench.benchjobs.timing;

import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.util.InfoStream;

/**
 * Flush and merge time as IndexWriter itself measures it: flushes and concurrent merges run inside
 * the writer's threads where our code cannot time them, but the writer logs "flush time X ms"
 * (DWPT) and "merge time X ms for N docs" (IW) in the same words on 9.x and 10.x. Times are summed
 * over threads, so they can exceed the wall time. The counts show whether the messages were seen at
 * all, so a future wording change reads as zero flushes rather than as free flushing.
 */
public final class WriterTimings extends InfoStream {

  private static final String FLUSH = "flush time ";
  private static final String MERGE = "merge time ";

  private final DoubleAdder flushMs = new DoubleAdder();
  private final DoubleAdder mergeMs = new DoubleAdder();
  private final LongAdder flushes = new LongAdder();
  private final LongAdder merges = new LongAdder();

  @Override
  public boolean isEnabled(String component) {
    // Only these two: "IW" is chatty per flush/merge, the per-document components are not enabled.
    return "DWPT".equals(component) || "IW".equals(component);
  }

  @Override
  public void message(String component, String message) {
    if ("DWPT".equals(component) && message.startsWith(FLUSH)) {
      add(message, FLUSH, flushMs, flushes);
    } else if ("IW".equals(component) && message.startsWith(MERGE)) {
      add(message, MERGE, mergeMs, merges);
    }
  }

  private static void add(String message, String prefix, DoubleAdder ms, LongAdder count) {
    int end = message.indexOf(" ms", prefix.length());
    if (end < 0) {
      return;
    }
    try {
      ms.add(Double.parseDouble(message.substring(prefix.length(), end)));
      count.increment();
    } catch (NumberFormatException e) {
      // not the message we know; the count stays as it was
    }
  }

  public double flushSeconds() {
    return flushMs.sum() / 1000.0;
  }

  public double mergeSeconds() {
    return mergeMs.sum() / 1000.0;
  }

  public long flushes() {
    return flushes.sum();
  }

  public long merges() {
    return merges.sum();
  }

  @Override
  public void close() {}
}
