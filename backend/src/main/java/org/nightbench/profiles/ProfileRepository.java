package org.nightbench.profiles;

import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The only reader and writer of {@code run_profile} and {@code run_profile_method}. */
@Repository
class ProfileRepository {

  private static final String SUMMARY =
      "select id, run_id, side, benchmark, jvms, samples from run_profile";

  private final JdbcClient jdbc;

  ProfileRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Stores one benchmark's merged profile and every method of it; returns the profile's id. */
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

  /** A run's profiles of one side, in the order they were recorded. */
  List<ProfileSummary> ofRun(long runId, String side) {
    return jdbc.sql(SUMMARY + " where run_id = :run and side = :side order by id")
        .param("run", runId)
        .param("side", side)
        .query(ProfileSummary.class)
        .list();
  }

  Optional<ProfileSummary> find(long id) {
    return jdbc.sql(SUMMARY + " where id = :id")
        .param("id", id)
        .query(ProfileSummary.class)
        .optional();
  }

  /** The profile's methods with the most self samples, at most {@code limit}. */
  List<MethodShare> hottest(ProfileSummary profile, int limit) {
    return methods(
        profile, " order by self_samples desc, total_samples desc, method limit :limit", limit);
  }

  /** Every method of the profile. */
  List<MethodShare> methods(ProfileSummary profile) {
    return methods(profile, "", 0);
  }

  private List<MethodShare> methods(ProfileSummary profile, String order, int limit) {
    var statement =
        jdbc.sql(
                "select method, self_samples, total_samples, :samples as profile_samples"
                    + " from run_profile_method where profile_id = :id"
                    + order)
            .param("id", profile.id())
            .param("samples", profile.samples());
    if (limit > 0) {
      statement = statement.param("limit", limit);
    }
    return statement.query(MethodShare.class).list();
  }

  /** The profile's collapsed stacks as stored (gzip). */
  Optional<byte[]> collapsed(long id) {
    return jdbc.sql("select collapsed from run_profile where id = :id")
        .param("id", id)
        .query(byte[].class)
        .optional();
  }
}
