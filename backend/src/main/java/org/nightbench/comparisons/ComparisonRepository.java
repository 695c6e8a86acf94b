package org.nightbench.comparisons;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.runs.RunStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/** Comparisons' sides and results, joined with their runs for state and progress. */
@Repository
class ComparisonRepository {

  private static final String SELECT =
      "select c.run_id, c.baseline_spec, c.candidate_spec, c.baseline_jvm_args,"
          + " c.candidate_jvm_args, c.baseline_directory, c.candidate_directory, c.jvms, c.results_may_change, c.result, c.benchmarks, c.categories,"
          + " c.baseline_stored_fields, c.candidate_stored_fields, c.baseline_postings_format,"
          + " c.candidate_postings_format, c.jfr, r.profile, r.corpus,"
          + " r.machine, r.status, r.progress, r.error, r.requested_by, r.queued_at,"
          + " r.finished_at from comparison c join run r on r.id = c.run_id";

  private final JdbcClient jdbc;
  private final JsonMapper json;

  ComparisonRepository(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  void insert(long runId, ComparisonRequest request, int jvms) {
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, baseline_jvm_args,"
                + " candidate_jvm_args, baseline_directory, candidate_directory, jvms,"
                + " results_may_change, benchmarks, categories, baseline_stored_fields,"
                + " candidate_stored_fields, baseline_postings_format, candidate_postings_format,"
                + " jfr) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .params(
            runId,
            request.baseline().strip(),
            request.candidate().strip(),
            args(request.baselineJvmArgs()),
            args(request.candidateJvmArgs()),
            directory(request.baselineDirectory()),
            directory(request.candidateDirectory()),
            jvms,
            Boolean.TRUE.equals(request.resultsMayChange()),
            benchmarks(request.benchmarks()).toArray(String[]::new),
            args(request.categories()),
            optional(request.baselineStoredFields()),
            optional(request.candidateStoredFields()),
            optional(request.baselinePostingsFormat()),
            optional(request.candidatePostingsFormat()),
            Boolean.TRUE.equals(request.jfr()))
        .update();
  }

  Optional<ComparisonPlan> plan(long runId) {
    return jdbc.sql(
            "select baseline_spec, candidate_spec, baseline_jvm_args, candidate_jvm_args, jvms,"
                + " baseline_directory, candidate_directory, baseline_stored_fields,"
                + " candidate_stored_fields, baseline_postings_format, candidate_postings_format,"
                + " benchmarks, categories, jfr from comparison where run_id = ?")
        .param(runId)
        .query(
            (rs, row) ->
                new ComparisonPlan(
                    new ComparisonPlan.Side(
                        rs.getString(1),
                        strings(rs.getArray(3)),
                        rs.getString(6),
                        rs.getString(8),
                        rs.getString(10)),
                    new ComparisonPlan.Side(
                        rs.getString(2),
                        strings(rs.getArray(4)),
                        rs.getString(7),
                        rs.getString(9),
                        rs.getString(11)),
                    rs.getInt(5),
                    strings(rs.getArray(12)),
                    strings(rs.getArray(13)),
                    rs.getBoolean(14)))
        .optional();
  }

  void storeResult(long runId, ComparisonResult result) {
    jdbc.sql(
            "update comparison set result = cast(? as jsonb), baseline_version = ?,"
                + " candidate_version = ? where run_id = ?")
        .params(
            json.writeValueAsString(result),
            result.baselineVersion(),
            result.candidateVersion(),
            runId)
        .update();
  }

  Optional<ComparisonView> find(long runId) {
    return jdbc.sql(SELECT + " where c.run_id = ?").param(runId).query(this::view).optional();
  }

  List<ComparisonView> recent(int limit, int offset) {
    return jdbc.sql(SELECT + " order by c.run_id desc limit ? offset ?")
        .params(limit, offset)
        .query(this::view)
        .list();
  }

  private ComparisonView view(ResultSet rs, int row) throws SQLException {
    String result = rs.getString("result");
    return new ComparisonView(
        rs.getLong("run_id"),
        rs.getString("baseline_spec"),
        rs.getString("candidate_spec"),
        strings(rs.getArray("baseline_jvm_args")),
        strings(rs.getArray("candidate_jvm_args")),
        rs.getString("baseline_directory"),
        rs.getString("candidate_directory"),
        rs.getInt("jvms"),
        rs.getBoolean("results_may_change"),
        rs.getString("profile"),
        rs.getString("corpus"),
        rs.getString("machine"),
        RunStatus.valueOf(rs.getString("status").toUpperCase(java.util.Locale.ROOT)),
        rs.getString("progress"),
        rs.getString("error"),
        rs.getString("requested_by"),
        instant(rs.getTimestamp("queued_at")),
        instant(rs.getTimestamp("finished_at")),
        result == null ? null : json.readValue(result, ComparisonResult.class),
        strings(rs.getArray("benchmarks")),
        strings(rs.getArray("categories")),
        rs.getString("baseline_stored_fields"),
        rs.getString("candidate_stored_fields"),
        rs.getString("baseline_postings_format"),
        rs.getString("candidate_postings_format"),
        rs.getBoolean("jfr"));
  }

  /** The benchmarks to run, search alone when none are named; validated by the service. */
  static List<String> benchmarks(List<String> names) {
    List<String> benchmarks =
        names == null
            ? List.of()
            : names.stream().filter(n -> n != null && !n.isBlank()).map(String::strip).toList();
    if (benchmarks.isEmpty()) {
      return List.of(SearchSpec.DEFINITION.name());
    }
    // In the order they run, each once.
    return BenchmarkCatalogue.COMPARABLE.stream().filter(benchmarks::contains).toList();
  }

  /** A setting left empty is the codec's default. */
  static String optional(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  /** The Directory a side reads through; validated by the service. */
  static String directory(String name) {
    return name == null || name.isBlank() ? "default" : name.strip();
  }

  private static String[] args(List<String> args) {
    return args == null
        ? new String[0]
        : args.stream()
            .filter(a -> a != null && !a.isBlank())
            .map(String::strip)
            .toArray(String[]::new);
  }

  private static List<String> strings(Array array) throws SQLException {
    return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
  }

  private static java.time.Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
