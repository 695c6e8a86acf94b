package org.nightbench.series.digest;

import java.time.LocalDate;
import java.util.List;
import org.nightbench.changepoints.ChangePointDetection;
import org.nightbench.synthetic.SyntheticHistoryProperties;
import org.nightbench.synthetic.SyntheticHistoryWriter;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The synthetic history of 400 nights with the default seed, as {@code
 * --nightbench.synthetic.nights=400} writes it, on a machine of its own, with the detector run over
 * it: night 391 holds the situation the verdict is built for. LowSloppyPhrase qps is 9.4 % lower
 * than night 390 with a 95 % interval clear of 0, yet q 0.054 after Benjamini–Hochberg over the
 * night's series, and the detector confirms a change point at that very night.
 */
final class Night391 {

  static final String MACHINE = "verdict-391";

  final long run390;
  final long run391;
  final long lowSloppyPhrase;
  private final JdbcClient jdbc;

  Night391(SyntheticHistoryWriter writer, ChangePointDetection detection, JdbcClient jdbc) {
    this.jdbc = jdbc;
    SyntheticHistoryProperties defaults =
        new SyntheticHistoryProperties(
            400, 150, 5, MACHINE, LocalDate.of(2026, 1, 31), 20260101L, false, 1, true);
    SyntheticHistoryWriter.Written written = writer.write(defaults);
    for (SyntheticHistoryWriter.WrittenSeries series : written.series()) {
      detection.detectAll(series.id());
    }
    List<Long> runs =
        jdbc.sql("select id from run where machine = ? order by revision_date, id")
            .param(MACHINE)
            .query(Long.class)
            .list();
    run390 = runs.get(389);
    run391 = runs.get(390);
    lowSloppyPhrase =
        jdbc.sql(
                "select id from series where machine = ? and task = 'LowSloppyPhrase'"
                    + " and metric = 'qps'")
            .param(MACHINE)
            .query(Long.class)
            .single();
  }

  /** The nights' run ids, oldest first: night n (1-based) is {@code runs().get(n - 1)}. */
  List<Long> runs() {
    return jdbc.sql("select id from run where machine = ? order by revision_date, id")
        .param(MACHINE)
        .query(Long.class)
        .list();
  }
}
