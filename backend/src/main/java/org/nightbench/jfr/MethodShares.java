package org.nightbench.jfr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Each method's self and total samples in collapsed stacks: plain code over the stacks' text. */
final class MethodShares {

  /**
   * The converter's frame type suffix: {@code _[j]} JIT-compiled, {@code _[i]} inlined, {@code
   * _[0]} interpreted, {@code _[1]} C1, {@code _[k]} kernel. One method, however it ran.
   */
  private static final Pattern FRAME_TYPE = Pattern.compile("_\\[[a-z0-9]{1,2}\\]$");

  /**
   * A lambda's or hidden class's address, {@code IndexSearcher$$Lambda.0x000000008b1a2618.call}:
   * different in every JVM, so the same lambda would be as many methods as JVMs.
   */
  private static final Pattern HIDDEN_CLASS_ADDRESS =
      Pattern.compile("(\\$\\$Lambda)(?:[.$/][0-9]+)?[./]0x[0-9a-f]+");

  private MethodShares() {}

  /** Every method of the stacks, the most self samples first (then total, then name). */
  static List<MethodShare> of(CollapsedStacks stacks) {
    Map<String, long[]> counts = new HashMap<>();
    Set<String> seen = new HashSet<>();
    for (Map.Entry<String, Long> entry : stacks.samplesByStack().entrySet()) {
      String[] frames = entry.getKey().split(";");
      long samples = entry.getValue();
      seen.clear();
      for (String frame : frames) {
        String method = method(frame);
        // Total once per sample: a recursive method is not 200 % of its own samples.
        if (seen.add(method)) {
          counts.computeIfAbsent(method, m -> new long[2])[1] += samples;
        }
      }
      counts.computeIfAbsent(method(frames[frames.length - 1]), m -> new long[2])[0] += samples;
    }
    long total = stacks.samples();
    List<MethodShare> shares = new ArrayList<>(counts.size());
    counts.forEach((method, c) -> shares.add(new MethodShare(method, c[0], c[1], total)));
    shares.sort(
        Comparator.comparingLong(MethodShare::selfSamples)
            .thenComparingLong(MethodShare::totalSamples)
            .reversed()
            .thenComparing(MethodShare::method));
    return shares;
  }

  /**
   * A frame as a method name: {@code org/apache/lucene/X.y_[j]} is {@code org.apache.lucene.X.y}.
   */
  static String method(String frame) {
    String method = FRAME_TYPE.matcher(frame).replaceFirst("").replace('/', '.');
    return HIDDEN_CLASS_ADDRESS.matcher(method).replaceAll("$1");
  }
}
