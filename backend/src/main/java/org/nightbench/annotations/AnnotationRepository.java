package org.nightbench.annotations;

import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads the annotations that apply to a chart. */
@Repository
class AnnotationRepository {

  private final JdbcClient jdbc;

  AnnotationRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The annotations on one series' chart, lettered in date order. */
  List<Annotation> forSeries(long seriesId, String benchmark) {
    List<Annotation> lettered = new ArrayList<>();
    jdbc.sql(
            "select id, at, run_id, short_text, long_text, kind, scope, created_by, created_at"
                + " from annotation"
                + " where scope = 'all' or (scope = 'group' and benchmark = :benchmark)"
                + " or (scope = 'series' and series_id = :series)"
                + " order by at, id")
        .param("series", seriesId)
        .param("benchmark", benchmark)
        .query(
            (rs, row) ->
                new Annotation(
                    rs.getLong("id"),
                    Letters.of(row),
                    rs.getTimestamp("at").toInstant(),
                    rs.getObject("run_id", Long.class),
                    rs.getString("short_text"),
                    rs.getString("long_text"),
                    rs.getString("kind"),
                    rs.getString("scope"),
                    rs.getString("created_by"),
                    rs.getTimestamp("created_at").toInstant()))
        .list()
        .forEach(lettered::add);
    return lettered;
  }
}
