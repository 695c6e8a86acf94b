package org.nightbench.benchjobs.calibration;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One round of the calibration: a CPU-bound part (sorting and hashing a fixed array, the kind of
 * work scoring and postings decoding do) and a memory-bound part (a dependent random walk over a
 * large array, which defeats prefetching the way term dictionary and doc-values lookups do).
 * Everything is seeded, so every machine and every run does exactly the same work.
 */
public final class CalibrationWorkload {

  /** Elements sorted and hashed per round: large enough for tens of milliseconds. */
  static final int CPU_ELEMENTS = 1 << 20;

  /**
   * Dependent loads per round. Fixed, whatever the array's size: a cache miss costs ~100 ns, so a
   * walk over the whole of 256 MB would take seconds a round.
   */
  static final int MEMORY_STEPS = 1 << 21;

  private final int[] template;
  private final int[] scratch;
  private final int[] cycle;

  /** Builds the arrays once: {@code memoryMb} of ints for the walk. */
  public CalibrationWorkload(int memoryMb, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    template = new int[CPU_ELEMENTS];
    for (int i = 0; i < template.length; i++) {
      template[i] = random.nextInt();
    }
    scratch = new int[CPU_ELEMENTS];
    cycle = singleCycle((int) (memoryMb * (1024L * 1024L / Integer.BYTES)), random);
  }

  /** Seconds taken by each part of one round. */
  public record Round(double cpuSeconds, double memorySeconds, long checksum) {
    double seconds() {
      return cpuSeconds + memorySeconds;
    }
  }

  /** Work units of the CPU part: elements sorted and hashed. */
  public long cpuUnits() {
    return CPU_ELEMENTS;
  }

  /** Work units of the memory part: dependent loads. */
  public long memoryUnits() {
    return MEMORY_STEPS;
  }

  public Round run() {
    long start = System.nanoTime();
    System.arraycopy(template, 0, scratch, 0, scratch.length);
    Arrays.sort(scratch);
    long hash = 0;
    for (int value : scratch) {
      hash = (hash ^ value) * 0x9E3779B97F4A7C15L;
      hash ^= hash >>> 29;
    }
    long cpuDone = System.nanoTime();
    int at = 0;
    for (int i = 0; i < MEMORY_STEPS; i++) {
      at = cycle[at];
    }
    long memoryDone = System.nanoTime();
    // The checksum keeps the JIT from removing work whose result nobody reads.
    return new Round((cpuDone - start) / 1e9, (memoryDone - cpuDone) / 1e9, hash ^ at);
  }

  /** Sattolo's shuffle: a random permutation that is one cycle, so the walk visits every slot. */
  private static int[] singleCycle(int length, SplittableRandom random) {
    int[] next = new int[length];
    for (int i = 0; i < length; i++) {
      next[i] = i;
    }
    for (int i = length - 1; i > 0; i--) {
      int j = random.nextInt(i);
      int swap = next[i];
      next[i] = next[j];
      next[j] = swap;
    }
    return next;
  }
}
