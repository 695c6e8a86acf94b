package org.nightbench.jfr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * What got slower between two recordings of one benchmark: the methods whose share of the CPU
 * samples grew or shrank most, self or total. Shares, not sample counts, so recordings of different
 * lengths (or JVM counts) compare; a method's share growing means more of the time went there,
 * which on a benchmark that got slower points at where.
 *
 * @param benchmark e.g. {@code search}
 * @param before the earlier (or baseline) recording's samples and JVMs
 * @param after the later (or candidate) recording's
 * @param bySelf the methods whose self share changed most, the largest change first: where the
 *     running code's time moved
 * @param byTotal the methods whose total share changed most: which calls' subtrees grew or shrank
 *     (across releases also code that was renamed or restructured, so read it with bySelf)
 */
public record JfrDiff(
    String benchmark, JfrSummary before, JfrSummary after, List<Row> bySelf, List<Row> byTotal) {

  /**
   * One method on both sides; a side where it never ran has 0 %.
   *
   * @param method the method
   * @param beforeSelf per cent of the before recording's samples in the method itself
   * @param afterSelf the same after
   * @param beforeTotal per cent of the before recording's samples with the method on the stack
   * @param afterTotal the same after
   */
  public record Row(
      String method, double beforeSelf, double afterSelf, double beforeTotal, double afterTotal) {

    public double selfChange() {
      return afterSelf - beforeSelf;
    }

    public double totalChange() {
      return afterTotal - beforeTotal;
    }
  }

  /**
   * The {@code limit} methods whose self share, and those whose total share, changed most between
   * {@code before} and {@code after} (every method of either side, a method changing by less than
   * 0.05 points left out); ties by name, so the same recordings always give the same tables.
   */
  public static JfrDiff of(
      String benchmark,
      JfrSummary before,
      List<MethodShare> beforeMethods,
      JfrSummary after,
      List<MethodShare> afterMethods,
      int limit) {
    Map<String, MethodShare> was = byMethod(beforeMethods);
    Map<String, MethodShare> is = byMethod(afterMethods);
    Set<String> methods = new LinkedHashSet<>(was.keySet());
    methods.addAll(is.keySet());
    List<Row> rows = new ArrayList<>(methods.size());
    for (String method : methods) {
      MethodShare b = was.get(method);
      MethodShare a = is.get(method);
      rows.add(
          new Row(
              method,
              b == null ? 0 : b.selfPercent(),
              a == null ? 0 : a.selfPercent(),
              b == null ? 0 : b.totalPercent(),
              a == null ? 0 : a.totalPercent()));
    }
    return new JfrDiff(
        benchmark,
        before,
        after,
        largest(rows, Row::selfChange, limit),
        largest(rows, Row::totalChange, limit));
  }

  /** Points of share below this are noise of the sampling, not a change worth a row. */
  static final double SMALLEST_CHANGE = 0.05;

  private static List<Row> largest(List<Row> rows, ToDoubleFunction<Row> change, int limit) {
    return rows.stream()
        .filter(row -> Math.abs(change.applyAsDouble(row)) >= SMALLEST_CHANGE)
        .sorted(
            Comparator.comparingDouble((Row row) -> Math.abs(change.applyAsDouble(row)))
                .reversed()
                .thenComparing(Row::method))
        .limit(limit)
        .toList();
  }

  private static Map<String, MethodShare> byMethod(List<MethodShare> shares) {
    Map<String, MethodShare> map = new HashMap<>();
    shares.forEach(share -> map.put(share.method(), share));
    return map;
  }
}
