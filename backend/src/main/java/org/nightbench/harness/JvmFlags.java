package org.nightbench.harness;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM flags a benchmark JVM may be given: heap and stack sizes, the collector and its tuning,
 * JIT tiering, pre-touch, large pages, processor count, the Vector API module, native access and
 * Lucene's own {@code -D} switches; anything else is refused with one line naming the flag.
 *
 * <p>An allow-list rather than a deny-list because the JVM's option space is large and keeps
 * growing: {@code -XX:OnOutOfMemoryError} runs a shell command, {@code -javaagent} loads code,
 * {@code @file} reads a file into the command line, {@code -XX:Flags=} and {@code
 * -XX:VMOptionsFile=} do the same, and a new release may add more.
 */
public final class JvmFlags {

  private static final String SIZE = "[0-9]{1,12}[kKmMgGtT]?";
  private static final String NUMBER = "[0-9]{1,9}";
  private static final String BOOLEAN = "-XX:[+-](?:";
  private static final String COLLECTORS =
      "UseSerialGC|UseParallelGC|UseG1GC|UseZGC|ZGenerational|UseShenandoahGC";
  private static final String GC_SWITCHES =
      "UseAdaptiveSizePolicy|UseStringDeduplication|ParallelRefProcEnabled|UseCompressedOops"
          + "|UseCompressedClassPointers|ExplicitGCInvokesConcurrent|DisableExplicitGC"
          + "|UseDynamicNumberOfGCThreads|G1UseAdaptiveIHOP";
  private static final String GC_SIZES =
      "MaxHeapSize|InitialHeapSize|MinHeapSize|SoftMaxHeapSize|NewSize|MaxNewSize"
          + "|G1HeapRegionSize|MaxDirectMemorySize|ThreadStackSize|LargePageSizeInBytes"
          + "|MetaspaceSize|MaxMetaspaceSize";
  private static final String GC_NUMBERS =
      "MaxGCPauseMillis|GCPauseIntervalMillis|ParallelGCThreads|ConcGCThreads"
          + "|InitiatingHeapOccupancyPercent|G1NewSizePercent|G1MaxNewSizePercent"
          + "|G1ReservePercent|G1MixedGCCountTarget|G1HeapWastePercent|NewRatio|SurvivorRatio"
          + "|MaxTenuringThreshold|InitialTenuringThreshold|GCTimeRatio|MinHeapFreeRatio"
          + "|MaxHeapFreeRatio|ZCollectionInterval|ZAllocationSpikeTolerance"
          + "|CICompilerCount|ActiveProcessorCount";

  /**
   * The numbers that are counts of threads or processors: each starts (or makes the JVM believe it
   * has) that many threads, so they are bounded by the machine's processors.
   */
  private static final Pattern COUNT_VALUE =
      Pattern.compile(
          "-XX:(?:ParallelGCThreads|ConcGCThreads|CICompilerCount|ActiveProcessorCount)=([0-9]{1,9})");

  /**
   * A count may be this many times the machine's processors (oversubscribing a little is tuning).
   */
  public static final int COUNT_PER_PROCESSOR = 4;

  /**
   * No count above this, however many processors: a JVM told it has 999,999,999 processors sizes
   * its pools for them and sits for minutes, and each GC thread takes one of the machine's pids.
   */
  public static final int MAX_COUNT = 256;

  /** Lucene's and its test framework's own system properties, e.g. {@code -Dtests.seed=...}. */
  private static final String LUCENE_PROPERTIES =
      "(?:lucene|tests|org\\.apache\\.lucene)\\.[A-Za-z0-9_.-]{1,100}";

  private static final Pattern ALLOWED =
      Pattern.compile(
          String.join(
              "|",
              "-X(?:ms|mx|mn|ss)" + SIZE,
              BOOLEAN + COLLECTORS + ")",
              BOOLEAN + GC_SWITCHES + ")",
              BOOLEAN + "TieredCompilation|AlwaysPreTouch|UseLargePages|UseTransparentHugePages)",
              "-XX:(?:" + GC_SIZES + ")=" + SIZE,
              "-XX:(?:" + GC_NUMBERS + ")=" + NUMBER,
              "-XX:ShenandoahGCHeuristics=(?:adaptive|static|compact|aggressive)",
              "-XX:TieredStopAtLevel=[0-4]",
              "--add-modules=jdk\\.incubator\\.vector",
              "--enable-native-access=(?:ALL-UNNAMED|[A-Za-z0-9_.]{1,100})",
              "-D" + LUCENE_PROPERTIES + "(?:=[A-Za-z0-9_.,:+-]{0,100})?"));

  /** What the allow-list holds, in words, for error messages and the README. */
  public static final String ALLOWED_IN_WORDS =
      "heap and stack sizes (-Xms, -Xmx, -Xmn, -Xss), the collector and its tuning (-XX:+UseG1GC,"
          + " -XX:MaxGCPauseMillis=...), JIT tiering, pre-touch, large pages,"
          + " -XX:ActiveProcessorCount, --add-modules=jdk.incubator.vector,"
          + " --enable-native-access and -D properties named lucene.*, tests.* or"
          + " org.apache.lucene.*";

  /** A size flag's value, its last token: {@code -Xmx4g}, {@code -XX:MaxNewSize=512m}. */
  private static final Pattern SIZE_VALUE =
      Pattern.compile("(?:-X(?:ms|mx|mn|ss)|-XX:(?:" + GC_SIZES + ")=)([0-9]{1,12})([kKmMgGtT]?)");

  /**
   * No size flag may ask for more than this, whatever the machine: a value above it is a typo or a
   * probe (a JVM asked for a petabyte of heap may still start, and reserve the address space).
   */
  public static final long MAX_SIZE_BYTES = 1L << 40;

  /** A thread's stack may not be larger than this (the JVM's own limit for -Xss is 1 GiB). */
  public static final long MAX_STACK_BYTES = 1L << 30;

  /** The stack size flags, bounded by {@link #MAX_STACK_BYTES} rather than the memory. */
  private static final Pattern STACK_FLAG = Pattern.compile("-Xss.*|-XX:ThreadStackSize=.*");

  /** More flags than this on one side is no tuning anyone needs, and a list to refuse early. */
  public static final int MAX_FLAGS = 50;

  private JvmFlags() {}

  /** True when every flag is on the allow-list. */
  public static boolean allowed(String flag) {
    return flag != null && ALLOWED.matcher(flag).matches();
  }

  /**
   * Throws {@link IllegalArgumentException} naming the first flag that is not allowed, or whose
   * thread count or size is beyond what this machine has ({@link MachineLimits#ofThisMachine()}); a
   * null list is no flags.
   */
  public static void check(List<String> flags) {
    check(flags, MachineLimits.ofThisMachine());
  }

  /** As {@link #check(List)}, against the processors and memory of {@code machine}. */
  public static void check(List<String> flags, MachineLimits machine) {
    if (flags == null) {
      return;
    }
    if (flags.size() > MAX_FLAGS) {
      throw new IllegalArgumentException(
          flags.size() + " JVM flags given; at most " + MAX_FLAGS + " are allowed");
    }
    for (String flag : flags) {
      if (!allowed(flag)) {
        throw new IllegalArgumentException(
            "JVM flag '" + shown(flag) + "' is not allowed; allowed are " + ALLOWED_IN_WORDS);
      }
      long size = sizeBytes(flag);
      if (size > MAX_SIZE_BYTES) {
        throw new IllegalArgumentException(
            "JVM flag '" + shown(flag) + "' asks for more than 1 TiB");
      }
      if (STACK_FLAG.matcher(flag).matches()) {
        if (size > MAX_STACK_BYTES) {
          throw new IllegalArgumentException(
              "JVM flag '" + shown(flag) + "' asks for a thread stack larger than 1 GiB");
        }
      } else if (size > machine.memoryBytes()) {
        throw new IllegalArgumentException(
            "JVM flag '"
                + shown(flag)
                + "' asks for more than this machine's "
                + machine.memoryBytes() / (1 << 20)
                + " MiB of memory");
      }
      long count = count(flag);
      int maxCount = maxCount(machine);
      if (count > maxCount) {
        throw new IllegalArgumentException(
            "JVM flag '"
                + shown(flag)
                + "' asks for more than "
                + maxCount
                + " threads or processors ("
                + COUNT_PER_PROCESSOR
                + " per processor of this machine's "
                + machine.processors()
                + ", at most "
                + MAX_COUNT
                + ")");
      }
    }
    long total = memoryBytes(flags);
    long allowed = machine.memoryBytes() / 4 * 3;
    if (total > allowed) {
      throw new IllegalArgumentException(
          "JVM flags ask for "
              + total / (1 << 20)
              + " MiB of heap, direct memory and metaspace; a benchmark JVM may have at most 3/4"
              + " of this machine's "
              + machine.memoryBytes() / (1 << 20)
              + " MiB (the rest is the app's, the system's and the index's page cache)");
    }
  }

  private static final Pattern HEAP_FLAG =
      Pattern.compile("-Xm[sx].*|-XX:(?:MaxHeapSize|InitialHeapSize|MinHeapSize)=.*");
  private static final Pattern OFF_HEAP_FLAG =
      Pattern.compile("-XX:(?:MaxDirectMemorySize|MaxMetaspaceSize)=.*");

  /**
   * What one JVM given {@code flags} may take of the machine's memory: its largest heap size (the
   * initial one counts as much as the maximum: {@code -XX:+AlwaysPreTouch} commits it all at start,
   * and a heap may always grow to it) plus its direct memory and metaspace limits.
   */
  static long memoryBytes(List<String> flags) {
    long heap = 0;
    long offHeap = 0;
    for (String flag : flags) {
      if (HEAP_FLAG.matcher(flag).matches()) {
        heap = Math.max(heap, sizeBytes(flag));
      } else if (OFF_HEAP_FLAG.matcher(flag).matches()) {
        offHeap += sizeBytes(flag);
      }
    }
    return heap + offHeap;
  }

  /** The highest thread or processor count a flag may give on {@code machine}. */
  static int maxCount(MachineLimits machine) {
    return (int) Math.min(MAX_COUNT, (long) COUNT_PER_PROCESSOR * machine.processors());
  }

  /** The threads or processors a count flag asks for, or 0 for a flag that is not a count. */
  static long count(String flag) {
    var count = COUNT_VALUE.matcher(flag);
    return count.matches() ? Long.parseLong(count.group(1)) : 0;
  }

  /** The bytes a size flag asks for, or 0 for a flag that is not a size. */
  static long sizeBytes(String flag) {
    var size = SIZE_VALUE.matcher(flag);
    if (!size.matches()) {
      return 0;
    }
    long value = Long.parseLong(size.group(1));
    int shift =
        switch (size.group(2).toLowerCase(java.util.Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
    // At most 12 digits: value < 2^40, so a shift of up to 23 cannot overflow; cap larger ones.
    return shift > 0 && value > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : value << shift;
  }

  /** The flag as a message may show it: one line, and not a megabyte of it. */
  private static String shown(String flag) {
    if (flag == null) {
      return "null";
    }
    String line = flag.replaceAll("\\p{Cntrl}", "?");
    return line.length() <= 200 ? line : line.substring(0, 200) + "…";
  }
}
