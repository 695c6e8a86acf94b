package org.nightbench.ingest;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.nightbench.harness.StepSettings;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;
import org.springframework.stereotype.Component;

/**
 * The one writer of the {@code series} and {@code measurement} tables: finds or creates each series
 * by its identity and writes points with PostgreSQL's COPY, one run's or thousands of runs' at
 * once. Works in the caller's transaction only.
 */
@Component
class MeasurementWriter {

  /**
   * About 25 MB of COPY text: a long history is sent in pieces rather than held whole, and each
   * piece is written series by series, so that a series' points lie together on disk in a few long
   * stretches (its chart reads a few pages, not one per night).
   */
  private static final int ROWS_PER_COPY = 200_000;

  private static final SQLExceptionTranslator SQL_ERRORS = new SQLStateSQLExceptionTranslator();

  private final JdbcClient jdbc;
  private final DataSource dataSource;

  MeasurementWriter(JdbcClient jdbc, DataSource dataSource) {
    this.jdbc = jdbc;
    this.dataSource = dataSource;
  }

  /** A new batch of points; nothing is written before {@link Batch#add} fills it or it is done. */
  Batch batch() {
    return new Batch();
  }

  /** Deletes a machine's series and their points; their annotations and change points go too. */
  int deleteMachine(String machine) {
    jdbc.sql(
            "delete from measurement where series_id in"
                + " (select id from series where machine = :machine)")
        .param("machine", machine)
        .update();
    return jdbc.sql("delete from series where machine = :machine")
        .param("machine", machine)
        .update();
  }

  /**
   * Points on their way to one or more COPYs, and the series they go to, each looked up once per
   * batch.
   */
  final class Batch {

    private final Map<SeriesIdentity, Long> seriesIds = new HashMap<>();
    private final Map<Long, StringBuilder> rowsBySeries = new LinkedHashMap<>();
    private final Set<String> storedSettings = new HashSet<>();
    private int pending;
    private long written;

    /** The series of {@code identity}, created when new. */
    long series(SeriesIdentity identity, String unit, boolean higherIsBetter) {
      return seriesIds.computeIfAbsent(identity, id -> upsertSeries(id, unit, higherIsBetter));
    }

    /** The series looked up so far in this batch, by identity. */
    Map<SeriesIdentity, Long> seriesIds() {
      return Map.copyOf(seriesIds);
    }

    /**
     * One point: the mean of {@code samples} (one value per JVM) with their sample standard
     * deviation when there are several, and the settings that shaped it (null when unknown).
     */
    void add(long seriesId, long runId, Instant x, double[] samples, StepSettings settings) {
      double mean = Mean.of(samples).getAsDouble();
      if (!Double.isFinite(mean)) {
        throw new IllegalArgumentException(
            "the mean of " + samples.length + " values of series " + seriesId + " is " + mean);
      }
      StringBuilder rows = rowsBySeries.computeIfAbsent(seriesId, id -> new StringBuilder());
      rows.append(seriesId).append('\t').append(runId).append('\t').append(x).append('\t');
      rows.append(mean).append('\t');
      if (samples.length > 1) {
        rows.append(StandardDeviation.of(samples).getAsDouble());
      } else {
        rows.append("\\N");
      }
      rows.append("\t{");
      for (int i = 0; i < samples.length; i++) {
        rows.append(i == 0 ? "" : ",").append(samples[i]);
      }
      rows.append("}\t");
      if (settings == null) {
        rows.append("\\N\t\\N\n");
      } else {
        String hash = settings.hash();
        if (storedSettings.add(hash)) {
          storeSettings(hash, settings);
        }
        rows.append(hash).append('\t').append(settings.measuringVersion()).append('\n');
      }
      if (++pending >= ROWS_PER_COPY) {
        copy();
      }
    }

    /** Writes what is still pending; returns how many points the batch wrote in all. */
    long finish() {
      copy();
      return written;
    }

    private void copy() {
      if (pending == 0) {
        return;
      }
      // The transaction's own connection: the points commit or roll back with the caller's work.
      Connection connection = DataSourceUtils.getConnection(dataSource);
      try {
        CopyIn copy =
            connection
                .unwrap(PGConnection.class)
                .getCopyAPI()
                .copyIn(
                    "copy measurement (series_id, run_id, x, value, stddev, samples,"
                        + " settings_hash, measuring_version) from stdin");
        try {
          for (StringBuilder rows : rowsBySeries.values()) {
            byte[] bytes = rows.toString().getBytes(StandardCharsets.UTF_8);
            copy.writeToCopy(bytes, 0, bytes.length);
          }
          written += copy.endCopy();
        } finally {
          if (copy.isActive()) {
            copy.cancelCopy();
          }
        }
      } catch (SQLException e) {
        // As JdbcClient would say it, so a lost connection reads as an outage to the worker.
        DataAccessException translated = SQL_ERRORS.translate("copy measurement", null, e);
        throw translated != null ? translated : new IllegalStateException(e.getMessage(), e);
      } finally {
        DataSourceUtils.releaseConnection(connection, dataSource);
      }
      rowsBySeries.clear();
      pending = 0;
    }
  }

  /** The settings behind a hash, kept once, so a segment's start can name what changed. */
  private void storeSettings(String hash, StepSettings settings) {
    jdbc.sql(
            "insert into benchmark_settings (hash, type, settings)"
                + " values (:hash, :type, cast(:settings as jsonb)) on conflict (hash) do nothing")
        .param("hash", hash)
        .param("type", settings.type())
        .param("settings", settings.canonicalJson())
        .update();
  }

  private long upsertSeries(SeriesIdentity identity, String unit, boolean higherIsBetter) {
    // "do update" (a no-op on the key) rather than "do nothing" so that RETURNING yields the id.
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (:fingerprint, :benchmark, :task,"
                + " :metric, :unit, :higher, :machine, :jdk, :corpus, :profile)"
                + " on conflict (fingerprint) do update set unit = excluded.unit returning id")
        .param("fingerprint", identity.fingerprint())
        .param("benchmark", identity.benchmark())
        .param("task", identity.task())
        .param("metric", identity.metric())
        .param("unit", unit)
        .param("higher", higherIsBetter)
        .param("machine", identity.machine())
        .param("jdk", identity.jdk())
        .param("corpus", identity.corpus())
        .param("profile", identity.profile())
        .query(Long.class)
        .single();
  }
}
