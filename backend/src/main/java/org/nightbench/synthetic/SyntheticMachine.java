package org.nightbench.synthetic;

import java.util.List;
import java.util.Set;
import org.nightbench.protocol.SearchSpec;

/**
 * A week the box ran slow, and the control revision that tells it from the code: with {@code
 * nightbench.synthetic.slow-week} set the history also holds the control's series (a pinned release
 * measured every night, named as a real run's control series are: benchmark {@code control}, task
 * {@code <release> <category>}), and for seven nights every time-bound figure of every series, the
 * control's included, is 15 % worse. Sizes and counts (MB, segments, collections) do not move.
 */
final class SyntheticMachine {

  /** The control's release, the newest of the backfill's. */
  static final String CONTROL_RELEASE = "10.6.0";

  /** How much slower the box is during its slow week. */
  static final double SLOWDOWN = 0.15;

  /** How many nights the box runs slow. */
  static final int WEEK = 7;

  private static final Set<String> UNMOVED_UNITS = Set.of("MB", "segments", "collections");

  private final int firstSlow;

  /**
   * @param nights the history's length
   * @param slowWeek the night the slow week starts, counted back from the newest (1 = the newest);
   *     0 for none
   */
  SyntheticMachine(int nights, int slowWeek) {
    this.firstSlow = slowWeek == 0 ? Integer.MAX_VALUE : nights - slowWeek;
  }

  /** The control's series: a few query categories of the pinned release, noise 1 %, no steps. */
  static List<SyntheticCatalog.Entry> controlEntries() {
    return List.of(
        control("HighTerm", 420), control("AndHighHigh", 180), control("OrHighHigh", 95));
  }

  private static SyntheticCatalog.Entry control(String category, double qps) {
    // The control's series are copies of search's, with its declaration (ControlBenchmark).
    return new SyntheticCatalog.Entry(
        "control",
        CONTROL_RELEASE + " " + category,
        "qps",
        SearchSpec.DEFINITION.declared("qps").orElseThrow(),
        qps);
  }

  /** A flat shape: the control measures the same release every night. */
  static SeriesShape controlShape(double base) {
    return new SeriesShape(base, 0.01, List.of(), 0, List.of(), 0);
  }

  /** Whether {@code night} is one of the slow week's. */
  boolean slow(int night) {
    return night >= firstSlow && night < firstSlow + WEEK;
  }

  /** What the box does to a value of {@code entry} on {@code night}: 1 but in the slow week. */
  double factor(SyntheticCatalog.Entry entry, int night) {
    if (!slow(night) || UNMOVED_UNITS.contains(entry.unit())) {
      return 1;
    }
    return entry.higherIsBetter() ? 1 - SLOWDOWN : 1 / (1 - SLOWDOWN);
  }
}
