package org.nightbench.jfr;

import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The only reader and writer of {@code run_profile} and {@code run_profile_method}. */
@Repository
class JfrRepository {

  private static final String SUMMARY =
      "select id, run_id, side, benchmark, jvms, samples from run_profile";

  private final JdbcClient jdbc;

  JfrRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Stores one benchmark's merged samples and every method of them; returns their id. */
  long insert(
      long runId,
      String side,
      String benchmark,
      int jvms,
      CollapsedStacks stacks,
      List<MethodShare> methods) {
    long id =
        jdbc.sql(
                "insert into run_profile (run_id, side, benchmark, jvms, samples, collapsed)"
                    + " values (:run, :side, :benchmark, :jvms, :samples, :collapsed) returning id")
            .param("run", runId)
            .param("side", side)
            .param("benchmark", benchmark)
            .param("jvms", jvms)
            .param("samples", stacks.samples())
            .param("collapsed", stacks.gzip())
            .query(Long.class)
            .single();
    // One statement for thousands of methods.
    jdbc.sql(
            "insert into run_profile_method (profile_id, method, self_samples, total_samples)"
                + " select :id, m, s, t from unnest(cast(:methods as text[]),"
                + " cast(:self as bigint[]), cast(:total as bigint[])) as u(m, s, t)")
        .param("id", id)
        .param("methods", methods.stream().map(MethodShare::method).toArray(String[]::new))
        .param("self", methods.stream().map(MethodShare::selfSamples).toArray(Long[]::new))
        .param("total", methods.stream().map(MethodShare::totalSamples).toArray(Long[]::new))
        .update();
    return id;
  }

  /** A run's recorded benchmarks of one side, in the order they were stored. */
  List<JfrSummary> ofRun(long runId, String side) {
    return jdbc.sql(SUMMARY + " where run_id = :run and side = :side order by id")
        .param("run", runId)
        .param("side", side)
        .query(JfrSummary.class)
        .list();
  }

  Optional<JfrSummary> find(long id) {
    return jdbc.sql(SUMMARY + " where id = :id").param("id", id).query(JfrSummary.class).optional();
  }

  /** The recording's methods with the most self samples, at most {@code limit}. */
  List<MethodShare> hottest(JfrSummary summary, int limit) {
    return methods(
        summary, " order by self_samples desc, total_samples desc, method limit :limit", limit);
  }

  /** Every method of the recording. */
  List<MethodShare> methods(JfrSummary summary) {
    return methods(summary, "", 0);
  }

  private List<MethodShare> methods(JfrSummary summary, String order, int limit) {
    var statement =
        jdbc.sql(
                "select method, self_samples, total_samples, :samples as profile_samples"
                    + " from run_profile_method where profile_id = :id"
                    + order)
            .param("id", summary.id())
            .param("samples", summary.samples());
    if (limit > 0) {
      statement = statement.param("limit", limit);
    }
    return statement.query(MethodShare.class).list();
  }

  /** The recording's collapsed stacks as stored (gzip). */
  Optional<byte[]> collapsed(long id) {
    return jdbc.sql("select collapsed from run_profile where id = :id")
        .param("id", id)
        .query(byte[].class)
        .optional();
  }
}
