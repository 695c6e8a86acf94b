package org.nightbench.profiles;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What got slower between two profiles of one benchmark: the methods whose share of the CPU samples
 * grew or shrank most, self or total. Shares, not sample counts, so profiles of different lengths
 * (or JVM counts) compare; a method's share growing means more of the time went there, which on a
 * benchmark that got slower points at where.
 *
 * @param benchmark e.g. {@code search}
 * @param before the earlier (or baseline) profile's samples and JVMs
 * @param after the later (or candidate) profile's
 * @param rows the methods, the largest change first
 */
public record ProfileDiff(
    String benchmark, ProfileSummary before, ProfileSummary after, List<Row> rows) {

  /**
   * One method on both sides; a side where it never ran has 0 %.
   *
   * @param method the method
   * @param beforeSelf per cent of the before profile's samples in the method itself
   * @param afterSelf the same after
   * @param beforeTotal per cent of the before profile's samples with the method on the stack
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

    /** The larger of the two changes, in points of share: what the rows are sorted by. */
    public double largestChange() {
      return Math.max(Math.abs(selfChange()), Math.abs(totalChange()));
    }

    /** True when the method took a larger share after: the change that ranks it grew. */
    public boolean grew() {
      return Math.abs(selfChange()) >= Math.abs(totalChange())
          ? selfChange() > 0
          : totalChange() > 0;
    }
  }

  /**
   * The {@code limit} methods that changed most between {@code before} and {@code after} (every
   * method of either side); ties by name, so the same profiles always give the same table.
   */
  public static ProfileDiff of(
      String benchmark,
      ProfileSummary before,
      List<MethodShare> beforeMethods,
      ProfileSummary after,
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
    rows.sort(Comparator.comparingDouble(Row::largestChange).reversed().thenComparing(Row::method));
    return new ProfileDiff(
        benchmark, before, after, List.copyOf(rows.subList(0, Math.min(limit, rows.size()))));
  }

  private static Map<String, MethodShare> byMethod(List<MethodShare> shares) {
    Map<String, MethodShare> map = new HashMap<>();
    shares.forEach(share -> map.put(share.method(), share));
    return map;
  }
}
