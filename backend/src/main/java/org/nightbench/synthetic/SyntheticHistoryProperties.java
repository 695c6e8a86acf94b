package org.nightbench.synthetic;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code nightbench.synthetic.*}: when {@code nights} is positive the app fills the database with
 * that many made-up nights at startup (replacing an earlier synthetic history of the same machine),
 * then serves it like any other.
 *
 * @param nights how many nights; 0 (the default) generates nothing
 * @param series how many series, at most the synthetic catalog's size (its fixed benchmarks and two
 *     series per harness task category)
 * @param jvms JVMs per night: the samples behind each point's ±1σ
 * @param machine the machine label the history is filed under, kept apart from real machines
 * @param lastNight the date of the newest night
 * @param seed makes the history, its steps included, the same every time
 * @param exit stop the app once the history is written (for benchmark scripts)
 * @param machines how many machines carry the history, each its own copy of every series (named
 *     {@code machine-1} … when more than one): the overview at thousands of series is measured with
 *     it
 * @param knn whether the history also has the KNN step's series of every vector format and fanout
 *     (recall, latency, p99, CPU; index time, force-merge time and size: 60 more series), as the
 *     KNN page draws them
 * @param slowWeek when positive, the night (counted back from the newest: 1 is the newest) a week
 *     of a slow machine starts, every time-bound figure 15 % worse for seven nights; the history
 *     then also holds the control revision's series, which slow down with the rest. 0 (the
 *     default): no slow week and no control
 */
@ConfigurationProperties("nightbench.synthetic")
public record SyntheticHistoryProperties(
    @DefaultValue("0") int nights,
    @DefaultValue("150") int series,
    @DefaultValue("5") int jvms,
    @DefaultValue("synthetic") String machine,
    LocalDate lastNight,
    @DefaultValue("20260101") long seed,
    @DefaultValue("false") boolean exit,
    @DefaultValue("1") int machines,
    @DefaultValue("true") boolean knn,
    @DefaultValue("0") int slowWeek) {

  @ConstructorBinding
  public SyntheticHistoryProperties {
    if (nights < 0) {
      throw new IllegalArgumentException("nightbench.synthetic.nights must be >= 0, not " + nights);
    }
    if (nights > 0 && nights < 2) {
      throw new IllegalArgumentException("nightbench.synthetic.nights must be at least 2");
    }
    if (series < 1) {
      throw new IllegalArgumentException("nightbench.synthetic.series must be >= 1, not " + series);
    }
    if (jvms < 1) {
      throw new IllegalArgumentException("nightbench.synthetic.jvms must be >= 1, not " + jvms);
    }
    if (machines < 1 || machines > 100) {
      throw new IllegalArgumentException(
          "nightbench.synthetic.machines must be between 1 and 100, not " + machines);
    }
    if (slowWeek < 0 || slowWeek > nights) {
      throw new IllegalArgumentException(
          "nightbench.synthetic.slow-week must be between 0 and the nights ("
              + nights
              + "), not "
              + slowWeek);
    }
    if (machine == null || machine.isBlank()) {
      throw new IllegalArgumentException("nightbench.synthetic.machine must not be blank");
    }
  }

  /** A history without a slow week. */
  public SyntheticHistoryProperties(
      int nights,
      int series,
      int jvms,
      String machine,
      LocalDate lastNight,
      long seed,
      boolean exit,
      int machines,
      boolean knn) {
    this(nights, series, jvms, machine, lastNight, seed, exit, machines, knn, 0);
  }

  /** The machines the history is written on: {@code machine} alone, or {@code machine-1} … */
  public List<SyntheticHistoryProperties> perMachine() {
    if (machines == 1) {
      return List.of(this);
    }
    List<SyntheticHistoryProperties> each = new ArrayList<>(machines);
    for (int i = 1; i <= machines; i++) {
      // A seed per machine, so the copies are not the same curves.
      each.add(
          new SyntheticHistoryProperties(
              nights,
              series,
              jvms,
              machine + "-" + i,
              lastNight,
              seed + i,
              exit,
              1,
              knn,
              slowWeek));
    }
    return each;
  }
}
