package org.nightbench.synthetic;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.nightbench.ingest.SeriesIdentity;
import org.postgresql.PGConnection;
import org.springframework.stereotype.Component;

/**
 * Writes a synthetic history into the real tables in one transaction: one succeeded run per night
 * (with a made-up commit, as a git nightly has), the series, and every point with its per-JVM
 * samples. Points go through PostgreSQL's COPY: fifteen years of 150 series are 800,000 rows.
 */
@Component
public class SyntheticHistoryWriter {

  private static final String JDK = "25";
  private static final String CORPUS = "synthetic";
  private static final String PROFILE = "synthetic";

  private final DataSource dataSource;

  SyntheticHistoryWriter(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** What was written, with the planted steps of every series (the detector's ground truth). */
  public record Written(int runs, List<WrittenSeries> series, long points) {}

  /** One series with the shape its points were drawn from. */
  public record WrittenSeries(
      long id, String benchmark, String task, String metric, SeriesShape shape) {}

  /** Replaces the synthetic history of {@code settings.machine()} by a new one. */
  public Written write(SyntheticHistoryProperties settings) {
    LocalDate last =
        settings.lastNight() != null ? settings.lastNight() : LocalDate.now(ZoneOffset.UTC);
    SplittableRandom random = new SplittableRandom(settings.seed());
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        deleteEarlier(connection, settings.machine());
        long[] runIds = insertRuns(connection, settings, last);
        List<WrittenSeries> series = new ArrayList<>();
        long points = 0;
        for (SyntheticCatalog.Entry entry : SyntheticCatalog.entries(settings.series())) {
          SeriesShape shape = SeriesShape.random(random, settings.nights(), entry.base());
          long id = insertSeries(connection, entry, settings.machine());
          points +=
              copyPoints(connection, id, runIds, last, shape, settings.jvms(), random.split());
          series.add(new WrittenSeries(id, entry.benchmark(), entry.task(), entry.metric(), shape));
          annotateSteps(connection, id, runIds, shape, settings);
        }
        connection.commit();
        // Fresh statistics: with 800,000 new rows the planner would otherwise guess until
        // autovacuum comes by, and the speed figures measured right after would be of a bad plan.
        connection.setAutoCommit(true);
        try (var analyze = connection.createStatement()) {
          analyze.execute("analyze run, series, measurement");
        }
        return new Written(runIds.length, series, points);
      } catch (SQLException | IOException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("writing the synthetic history failed: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new IllegalStateException("copying synthetic points failed: " + e.getMessage(), e);
    }
  }

  /**
   * A series annotation at every planted step, as a person would leave one for a known change, so
   * the generated charts carry letters and a legend. The text says what it is: made up.
   */
  private static void annotateSteps(
      Connection connection,
      long seriesId,
      long[] runIds,
      SeriesShape shape,
      SyntheticHistoryProperties settings)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(
            "insert into annotation (at, run_id, short_text, long_text, kind, scope, series_id,"
                + " created_by) select r.revision_date, r.id, ?, ?, 'benchmark', 'series', ?, ?"
                + " from run r where r.id = ?")) {
      for (SeriesShape.Step step : shape.steps()) {
        statement.setString(
            1, String.format(Locale.ROOT, "Synthetic step of %+.1f %%", 100 * step.relative()));
        statement.setString(
            2,
            "Planted by the synthetic history (seed "
                + settings.seed()
                + "): the level changes from this night on. A change-point detector should find it.");
        statement.setLong(3, seriesId);
        statement.setString(4, author(settings.machine()));
        statement.setLong(5, runIds[step.night()]);
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  private static String author(String machine) {
    return "synthetic history of " + machine;
  }

  private static void deleteEarlier(Connection connection, String machine) throws SQLException {
    try (PreparedStatement annotations =
        connection.prepareStatement("delete from annotation where created_by = ?")) {
      annotations.setString(1, author(machine));
      annotations.executeUpdate();
    }
    try (PreparedStatement measurements =
            connection.prepareStatement(
                "delete from measurement where series_id in (select id from series where machine = ?)");
        PreparedStatement series =
            connection.prepareStatement("delete from series where machine = ?");
        PreparedStatement runs = connection.prepareStatement("delete from run where machine = ?")) {
      for (PreparedStatement statement : List.of(measurements, series, runs)) {
        statement.setString(1, machine);
        statement.executeUpdate();
      }
    }
  }

  private static long[] insertRuns(
      Connection connection, SyntheticHistoryProperties settings, LocalDate last)
      throws SQLException {
    int nights = settings.nights();
    long[] ids = new long[nights];
    // One statement for all nights: the night number comes back with each id.
    String sql =
        "insert into run (lucene_spec, lucene_version, revision_date, machine, profile, corpus,"
            + " reason, status, jdk, queued_at, started_at, finished_at, commit_sha,"
            + " commit_author, commit_date, commit_subject)"
            + " select 'git:main', '11.0.0-SNAPSHOT', t, ?, ?, ?, 'nightly', 'succeeded', ?,"
            + " t, t, t + interval '2 hours', left(encode(sha256(convert_to(? || n::text, 'UTF8')), 'hex'), 40),"
            + " 'Synthetic Committer', t, 'Synthetic change ' || n"
            + " from generate_series(0, ? - 1) as n,"
            + " lateral (select ?::timestamptz - (? - 1 - n) * interval '1 day' as t) as night"
            + " order by n returning id";
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, settings.machine());
      statement.setString(2, PROFILE);
      statement.setString(3, CORPUS);
      statement.setString(4, JDK);
      statement.setString(5, settings.machine() + "/" + settings.seed() + "/");
      statement.setInt(6, nights);
      statement.setTimestamp(7, Timestamp.from(nightStart(last)));
      statement.setInt(8, nights);
      try (ResultSet rows = statement.executeQuery()) {
        int night = 0;
        while (rows.next()) {
          ids[night++] = rows.getLong(1);
        }
      }
    }
    return ids;
  }

  private static long insertSeries(
      Connection connection, SyntheticCatalog.Entry entry, String machine) throws SQLException {
    SeriesIdentity identity =
        new SeriesIdentity(
            entry.benchmark(), entry.task(), entry.metric(), machine, JDK, CORPUS, PROFILE);
    try (PreparedStatement statement =
        connection.prepareStatement(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " returning id")) {
      statement.setString(1, identity.fingerprint());
      statement.setString(2, entry.benchmark());
      statement.setString(3, entry.task());
      statement.setString(4, entry.metric());
      statement.setString(5, entry.unit());
      statement.setBoolean(6, entry.higherIsBetter());
      statement.setString(7, machine);
      statement.setString(8, JDK);
      statement.setString(9, CORPUS);
      statement.setString(10, PROFILE);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  private static long copyPoints(
      Connection connection,
      long seriesId,
      long[] runIds,
      LocalDate last,
      SeriesShape shape,
      int jvms,
      SplittableRandom random)
      throws SQLException, IOException {
    Instant first = nightStart(last).minusSeconds(86_400L * (runIds.length - 1));
    StringBuilder rows = new StringBuilder(runIds.length * 120);
    for (int night = 0; night < runIds.length; night++) {
      SeriesShape.Night measured = shape.night(night, jvms, random);
      rows.append(seriesId).append('\t').append(runIds[night]).append('\t');
      rows.append(first.plusSeconds(86_400L * night)).append('\t');
      rows.append(measured.value()).append('\t');
      rows.append(jvms > 1 ? Double.toString(measured.stddev()) : "\\N").append('\t');
      rows.append('{');
      for (int j = 0; j < measured.samples().length; j++) {
        rows.append(j == 0 ? "" : ",").append(measured.samples()[j]);
      }
      rows.append("}\n");
    }
    return connection
        .unwrap(PGConnection.class)
        .getCopyAPI()
        .copyIn(
            "copy measurement (series_id, run_id, x, value, stddev, samples) from stdin",
            new StringReader(rows.toString()));
  }

  private static Instant nightStart(LocalDate night) {
    // Nightlies start at 02:00 UTC in this history; the hour only has to be the same every night.
    return night.atTime(2, 0).toInstant(ZoneOffset.UTC);
  }
}
