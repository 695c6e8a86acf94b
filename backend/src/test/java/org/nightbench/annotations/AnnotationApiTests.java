package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.users.Role;
import org.nightbench.users.TestUsers;
import org.nightbench.users.UserAccounts;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.transaction.annotation.Transactional;

/**
 * Creating, editing, deleting and importing annotations through the whole filter chain, on the real
 * database. Each test starts from an empty annotation table (inside its own rolled-back
 * transaction), so the letters it checks are its own.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class AnnotationApiTests {

  private static final MediaType TEXT_CSV = MediaType.parseMediaType("text/csv; charset=UTF-8");

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired UserAccounts accounts;

  private String benchmark;
  private long series;

  @BeforeEach
  void emptyTableAndOneSeries() {
    jdbc.sql("delete from annotation").update();
    benchmark = "bench-" + UUID.randomUUID().toString().substring(0, 8);
    series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, ?, 'Term', 'qps', 'queries/s',"
                    + " true, 'bench-1', '21', 'wikimedium10k', 'nightly') returning id")
            .params(UUID.randomUUID().toString(), benchmark)
            .query(Long.class)
            .single();
  }

  @Test
  void createByDateAndByRunReadEditAndDelete() throws Exception {
    MvcResult created =
        mvc.perform(
                post("/api/annotations")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(
                        json(
                            "{'at':'2024-03-01','shortText':'  New merge policy ',"
                                + "'longText':'https://github.com/apache/lucene/pull/1',"
                                + "'kind':'code','scope':'series','seriesId':"
                                + series
                                + "}"))
                    .with(TestUsers.editor()))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.at").value("2024-03-01T00:00:00Z"))
            .andExpect(jsonPath("$.shortText").value("New merge policy"))
            .andExpect(jsonPath("$.scope").value("series"))
            .andExpect(jsonPath("$.seriesId").value(series))
            .andExpect(jsonPath("$.createdBy").value("editor"))
            .andExpect(jsonPath("$.updatedBy").doesNotExist())
            .andReturn();
    long id = id(created);
    assertThat(created.getResponse().getHeader("Location")).isEqualTo("/api/annotations/" + id);

    // On a run: the run's revision date, or when it was queued if it has none.
    Instant revision = Instant.parse("2024-02-10T03:04:05Z");
    long dated = run(revision);
    long undated = run(null);
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    json(
                        "{'runId':"
                            + dated
                            + ",'shortText':'JDK 22','kind':'environment','scope':'group',"
                            + "'benchmark':'"
                            + benchmark
                            + "'}"))
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.at").value("2024-02-10T03:04:05Z"))
        .andExpect(jsonPath("$.runId").value(dated))
        .andExpect(jsonPath("$.kind").value("environment"))
        .andExpect(jsonPath("$.benchmark").value(benchmark));
    Instant queued =
        jdbc.sql("select queued_at from run where id = ?")
            .param(undated)
            .query(Timestamp.class)
            .single()
            .toInstant();
    MvcResult onQueued =
        mvc.perform(
                post("/api/annotations")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(json("{'runId':" + undated + ",'shortText':'queued only'}"))
                    .with(TestUsers.editor()))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.scope").value("all"))
            .andExpect(jsonPath("$.kind").value("code"))
            .andReturn();
    assertThat(Instant.parse(JsonPath.read(body(onQueued), "$.at"))).isEqualTo(queued);

    mvc.perform(get("/api/annotations/{id}", id))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.longText").value("https://github.com/apache/lucene/pull/1"));

    // Editing replaces the content and records who and when; the author stays.
    mvc.perform(
            put("/api/annotations/{id}", id)
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    json(
                        "{'at':'2024-03-02T12:00:00Z','shortText':'Merge policy, again',"
                            + "'kind':'benchmark','scope':'all'}"))
                .with(user("reviewer").roles("EDITOR"))
                .with(csrf()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.at").value("2024-03-02T12:00:00Z"))
        .andExpect(jsonPath("$.shortText").value("Merge policy, again"))
        .andExpect(jsonPath("$.longText").doesNotExist())
        .andExpect(jsonPath("$.scope").value("all"))
        .andExpect(jsonPath("$.seriesId").doesNotExist())
        .andExpect(jsonPath("$.createdBy").value("editor"))
        .andExpect(jsonPath("$.updatedBy").value("reviewer"))
        .andExpect(jsonPath("$.updatedAt").exists());

    mvc.perform(get("/api/annotations").param("scope", "all"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(2))
        .andExpect(jsonPath("$[0].shortText").value("Merge policy, again"))
        .andExpect(jsonPath("$[1].shortText").value("queued only"));
    mvc.perform(get("/api/annotations").param("benchmark", benchmark))
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].shortText").value("JDK 22"));

    mvc.perform(delete("/api/annotations/{id}", id).with(TestUsers.editor()))
        .andExpect(status().isNoContent());
    mvc.perform(get("/api/annotations/{id}", id)).andExpect(status().isNotFound());
    mvc.perform(delete("/api/annotations/{id}", id).with(TestUsers.editor()))
        .andExpect(status().isNotFound());
    mvc.perform(
            put("/api/annotations/{id}", id)
                .contentType(MediaType.APPLICATION_JSON)
                .content(json("{'at':'2024-03-02','shortText':'gone'}"))
                .with(TestUsers.editor()))
        .andExpect(status().isNotFound());
  }

  @Test
  void lettersFollowTheDatesAfterEditsAndGoOnFromZToAa() throws Exception {
    List<Long> ids = new ArrayList<>();
    for (int day = 1; day <= 27; day++) {
      ids.add(
          id(
              mvc.perform(
                      post("/api/annotations")
                          .contentType(MediaType.APPLICATION_JSON)
                          .content(
                              json(
                                  "{'at':'2024-01-%02d','shortText':'day %d','seriesId':%d}"
                                      .formatted(day, day, series)))
                          .with(TestUsers.editor()))
                  .andExpect(status().isCreated())
                  .andReturn()));
    }
    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(jsonPath("$.length()").value(27))
        .andExpect(jsonPath("$[0].letter").value("A"))
        .andExpect(jsonPath("$[25].letter").value("Z"))
        .andExpect(jsonPath("$[26].letter").value("AA"))
        .andExpect(jsonPath("$[26].shortText").value("day 27"));

    // Day 27 moved before day 1: it becomes A, and every other letter moves up one.
    mvc.perform(
            put("/api/annotations/{id}", ids.get(26))
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    json(
                        "{'at':'2023-12-31','shortText':'day 27, really New Year','seriesId':%d}"
                            .formatted(series)))
                .with(TestUsers.editor()))
        .andExpect(status().isOk());
    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(jsonPath("$[0].letter").value("A"))
        .andExpect(jsonPath("$[0].id").value(ids.get(26)))
        .andExpect(jsonPath("$[1].letter").value("B"))
        .andExpect(jsonPath("$[1].shortText").value("day 1"))
        .andExpect(jsonPath("$[26].letter").value("AA"))
        .andExpect(jsonPath("$[26].shortText").value("day 26"));

    // Deleting one closes the gap.
    mvc.perform(delete("/api/annotations/{id}", ids.get(0)).with(TestUsers.editor()))
        .andExpect(status().isNoContent());
    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(jsonPath("$.length()").value(26))
        .andExpect(jsonPath("$[1].letter").value("B"))
        .andExpect(jsonPath("$[1].shortText").value("day 2"))
        .andExpect(jsonPath("$[25].letter").value("Z"));
  }

  @Test
  void aKnownChangesFileCreatesOneAnnotationPerLine() throws Exception {
    byte[] file;
    try (InputStream in = getClass().getResourceAsStream("/annotations/known-changes.csv")) {
      file = in.readAllBytes();
    }
    mvc.perform(
            post("/api/annotations/import")
                .param("kind", "environment")
                .contentType(TEXT_CSV)
                .content(file)
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.created").value(3))
        .andExpect(jsonPath("$.ids.length()").value(3));

    mvc.perform(get("/api/annotations"))
        .andExpect(jsonPath("$.length()").value(3))
        .andExpect(jsonPath("$[0].at").value("2011-04-29T00:00:00Z"))
        .andExpect(jsonPath("$[0].shortText").value("Switched to a new box"))
        .andExpect(jsonPath("$[0].longText").value("Lucene's \"beast\" machine, 24 cores"))
        .andExpect(jsonPath("$[0].kind").value("environment"))
        .andExpect(jsonPath("$[0].scope").value("all"))
        .andExpect(jsonPath("$[1].shortText").value("New FST encoding, smaller"))
        .andExpect(
            jsonPath("$[1].longText").value("https://github.com/apache/lucene/commit/0123abc"))
        .andExpect(jsonPath("$[2].shortText").value("Noise"))
        .andExpect(jsonPath("$[2].longText").doesNotExist());
    assertThat(jdbc.sql("select distinct created_by from annotation").query(String.class).list())
        .containsExactly("editor");

    // As a group's, for one benchmark; plain text works too, and without a header line.
    mvc.perform(
            post("/api/annotations/import")
                .param("scope", "group")
                .param("benchmark", benchmark)
                .contentType(MediaType.TEXT_PLAIN)
                .content("2020-05-05T10:00:00Z,Faster box\n")
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.created").value(1));
    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(jsonPath("$.length()").value(4))
        .andExpect(jsonPath("$[3].letter").value("D"))
        .andExpect(jsonPath("$[3].shortText").value("Faster box"))
        .andExpect(jsonPath("$[3].scope").value("group"));
  }

  @Test
  void luceneutilsKnownChangesAreImportedAsTheyAre() throws Exception {
    // A benchmark with series here: its entries go on its charts.
    jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, 'checkIndex', 'checkIndex', 'sec',"
                + " 's', false, 'bench-1', '21', 'wikimedium10k', 'nightly')")
        .params(UUID.randomUUID().toString())
        .update();
    boolean indexing =
        jdbc.sql("select exists (select 1 from series where benchmark = 'indexing')")
            .query(Boolean.class)
            .single();
    mvc.perform(
            post("/api/annotations/import")
                .contentType(MediaType.TEXT_PLAIN)
                .content(KnownChangesTest.excerpt())
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.created").value(10));

    mvc.perform(get("/api/annotations"))
        .andExpect(jsonPath("$.length()").value(10))
        .andExpect(jsonPath("$[0].at").value("2011-04-25T00:00:00Z"))
        .andExpect(jsonPath("$[0].shortText").value("Switched to 240 GB OCZ Vertex III"))
        .andExpect(jsonPath("$[0].kind").value("environment"))
        .andExpect(jsonPath("$[0].scope").value("all"))
        .andExpect(
            jsonPath("$[0].longText")
                .value(
                    org.hamcrest.Matchers.endsWith(
                        "OCZ Vertex III SSD (http://www.ocztechnology.com/ocz-vertex-3-sata-iii"
                            + "-2-5-ssd.html); this change gave a small increase in indexing rate,"
                            + " drastically reduced variance on the NRT reopen time (NRT is IO"
                            + " intensive), and didn't affect query performance (which is expected"
                            + " since the postings are small enough to fit into the OS's IO"
                            + " cache.\n\nFrom luceneutil's notation.py, which draws it on every"
                            + " chart; its words name no one Nightbench benchmark, so it is on"
                            + " every chart here too.")))
        // Named a benchmark: on its charts where it has series here, else on every chart.
        .andExpect(jsonPath("$[1].scope").value(indexing ? "group" : "all"))
        .andExpect(jsonPath("$[2].shortText").value("Re-enable Java's compressed OOPS"))
        .andExpect(
            jsonPath("$[2].longText")
                .value(
                    "From luceneutil's notation.py, which draws it on every chart; its words name"
                        + " no one Nightbench benchmark, so it is on every chart here too."))
        .andExpect(jsonPath("$[3].scope").value("group"))
        .andExpect(jsonPath("$[3].benchmark").value("checkIndex"))
        .andExpect(jsonPath("$[3].kind").value("code"))
        .andExpect(
            jsonPath("$[3].longText")
                .value(
                    "LUCENE-6320: Speed up CheckIndex"
                        + " (https://issues.apache.org/jira/browse/LUCENE-6320)\n\nFrom"
                        + " luceneutil's notation.py, which draws it on every chart; here on the"
                        + " checkIndex benchmark's charts, as its words name it."))
        .andExpect(jsonPath("$[4].kind").value("benchmark"))
        .andExpect(jsonPath("$[5].at").value("2020-12-09T10:00:13Z"))
        .andExpect(jsonPath("$[9].kind").value("environment"));

    // A scope given by the caller holds for every entry.
    mvc.perform(
            post("/api/annotations/import")
                .param("scope", "group")
                .param("benchmark", benchmark)
                .param("kind", "noise")
                .contentType(MediaType.TEXT_PLAIN)
                .content("KNOWN_CHANGES = [\n  ('2011-06-17', 'LUCENE-3205: CheckIndex x'),\n]\n")
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.created").value(1));
    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(
            jsonPath("$[?(@.shortText == 'LUCENE-3205: CheckIndex x')].benchmark").value(benchmark))
        .andExpect(
            jsonPath("$[?(@.shortText == 'LUCENE-3205: CheckIndex x')].kind").value("noise"));

    // A broken tuple stores nothing and names its line.
    long before = count();
    importing("KNOWN_CHANGES = [\n  ('2011-06-17', 'fine'),\n  ('2011-13-01', 'bad month'),\n]")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("line 3: bad date '2011-13-01'"));
    assertThat(count()).isEqualTo(before);
  }

  @Test
  void aBadImportLineStoresNothingAndNamesTheLine() throws Exception {
    String file =
        """
        date,short_text,long_text
        2024-01-01,fine,"a long text
        over two lines"
        # a comment

        2024-02-01,also fine,
        2024-13-01,bad month,
        2024-03-01,never stored,
        """;
    importing(file)
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.detail").value("line 7: bad date '2024-13-01'"));
    assertThat(count()).isZero();

    importing("2024-01-01,fine\n2024-01-02,   \n")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("line 2: short text is empty"));
    importing("2024-01-01,fine\n2024-01-02," + "x".repeat(201) + "\n")
        .andExpect(
            jsonPath("$.detail").value("line 2: short text is 201 characters long, at most 200"));
    importing("2024-01-01,one,two,three\n")
        .andExpect(
            jsonPath("$.detail")
                .value("line 1: expected date,short text,long text but found 4 fields"));
    importing("2024-01-01,fine\n2024-01-02,\"never closed\n2024-01-03,x\n")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("line 2: a quoted field is never closed"));
    importing("# only a comment\n")
        .andExpect(jsonPath("$.detail").value("no annotations in the file"));
    mvc.perform(
            post("/api/annotations/import")
                .param("scope", "series")
                .contentType(TEXT_CSV)
                .content("2024-01-01,fine\n")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("scope series needs a seriesId"));
    assertThat(count()).isZero();
  }

  @Test
  void badInputIsAOneLine400() throws Exception {
    expectBadRequest("{'at':'2024-01-01','shortText':''}", "short text is empty");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'" + "y".repeat(201) + "'}",
        "short text is 201 characters long, at most 200");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','kind':'weather'}",
        "unknown kind 'weather': code, environment, benchmark or noise");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'planet'}",
        "unknown scope 'planet': series, group or all");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'series'}", "scope series needs a seriesId");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'series','seriesId':" + Long.MAX_VALUE + "}",
        "no series " + Long.MAX_VALUE);
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'group'}", "scope group needs a benchmark");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'group','benchmark':'no-such-group'}",
        "no benchmark 'no-such-group'");
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'x','scope':'all','seriesId':" + series + "}",
        "scope all takes no seriesId or benchmark");
    expectBadRequest("{'shortText':'x'}", "an annotation needs a date (at) or a runId");
    expectBadRequest("{'at':'yesterday','shortText':'x'}", "bad date 'yesterday'");
    expectBadRequest(
        "{'runId':" + Long.MAX_VALUE + ",'shortText':'x'}", "no run " + Long.MAX_VALUE);
    assertThat(count()).isZero();
  }

  @Test
  void datesBeyondWhatTheDatabaseHoldsAreAOneLine400() throws Exception {
    expectBadRequest(
        "{'at':'+294277-01-01T00:00:00Z','shortText':'x'}",
        "date '+294277-01-01T00:00:00Z' is out of range: from 1900-01-01 to 9999-12-31");
    expectBadRequest(
        "{'at':'+1000000000-01-01T00:00:00Z','shortText':'x'}",
        "date '+1000000000-01-01T00:00:00Z' is out of range: from 1900-01-01 to 9999-12-31");
    expectBadRequest(
        "{'at':'+1000000001-01-01T00:00:00Z','shortText':'x'}",
        "bad date '+1000000001-01-01T00:00:00Z'");
    expectBadRequest(
        "{'at':'+1000000000-12-31T23:59:59+01:00','shortText':'x'}",
        "bad date '+1000000000-12-31T23:59:59+01:00'");
    expectBadRequest(
        "{'at':'-4714-01-01T00:00:00Z','shortText':'x'}",
        "date '-4714-01-01T00:00:00Z' is out of range: from 1900-01-01 to 9999-12-31");
    expectBadRequest(
        "{'at':'+10000-01-01T00:00:00Z','shortText':'x'}",
        "date '+10000-01-01T00:00:00Z' is out of range: from 1900-01-01 to 9999-12-31");
    importing("+294277-01-01,far future\n")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.startsWith("line 1: ")));
    assertThat(count()).isZero();
  }

  @Test
  void aScopeHoldsAtMostTwentyThousandAnnotationsOfAllKindsTogether() throws Exception {
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, created_by)"
                + " select now(), 'filler', 'code', 'all', 'test' from generate_series(1, 19999)")
        .update();
    importing("2024-01-01,one too many\n2024-01-02,two too many\n")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    "too many annotations: 19999 in scope all already, at most 20000 of all kinds;"
                        + " delete some first"));
    // The last free place is taken by another kind; then no kind has room.
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(json("{'at':'2024-01-01','shortText':'x','kind':'noise'}"))
                .with(TestUsers.editor()))
        .andExpect(status().isCreated());
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'over','kind':'environment'}",
        "too many annotations: 20000 in scope all already, at most 20000 of all kinds;"
            + " delete some first");
    assertThat(count()).isEqualTo(20_000);
  }

  @Test
  void aChartGetsOnlyTheAnnotationsWithinItsNightsAndAThousandAtMost() throws Exception {
    jdbc.sql(
            "update series set point_count = 2, first_x = '2024-01-01T00:00:00Z',"
                + " last_x = '2024-12-31T00:00:00Z' where id = ?")
        .param(series)
        .update();
    // 5,000 within the year (every 100 minutes from its start), 300 long before and after it.
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, created_by) select"
                + " timestamptz '2024-01-01T00:00:00Z' + make_interval(mins => 100 * i),"
                + " 'in view', 'code', 'all', 'test' from generate_series(0, 4999) i")
        .update();
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, created_by) select"
                + " timestamptz '2001-01-01T00:00:00Z' + make_interval(days => i), 'before',"
                + " 'code', 'all', 'test' from generate_series(0, 149) i"
                + " union all select timestamptz '2030-01-01T00:00:00Z' + make_interval(days => i),"
                + " 'after', 'code', 'all', 'test' from generate_series(0, 149) i")
        .update();
    // Where the series' settings changed, between two in-view ones that thinning leaves out.
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, series_id, created_by) values"
                + " ('2024-01-01T02:30:00Z', 'benchmark changed: x', 'benchmark-changed', 'series',"
                + " ?, 'nightbench')")
        .param(series)
        .update();

    String body =
        mvc.perform(get("/api/series/{id}/annotations", series))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    List<String> texts = JsonPath.read(body, "$[*].shortText");
    assertThat(texts).hasSize(1_001).containsOnly("in view", "benchmark changed: x");
    assertThat(texts)
        .as("the segment start, kept beside the thinned")
        .contains("benchmark changed: x");
    List<String> dates = JsonPath.read(body, "$[*].at");
    assertThat(dates.get(0)).startsWith("2024-01-01T00:00");
    assertThat(dates.get(1000))
        .as("spread over the year, not its first days")
        .startsWith("2024-12");
  }

  @Test
  void aChartAsksForTheAnnotationsOfItsWindowAndTheirLettersStayTheSame() throws Exception {
    jdbc.sql(
            "update series set point_count = 2, first_x = '2024-01-01T00:00:00Z',"
                + " last_x = '2024-12-31T00:00:00Z' where id = ?")
        .param(series)
        .update();
    // One a day for 30 days from 2024-01-01: day i is the chart's (i+1)-th letter.
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, series_id, created_by) select"
                + " timestamptz '2024-01-01T00:00:00Z' + make_interval(days => i), 'day ' || i,"
                + " 'code', 'series', ?, 'test' from generate_series(0, 29) i")
        .param(series)
        .update();

    String body =
        mvc.perform(
                get("/api/series/{id}/annotations", series)
                    .param("from", "2024-01-11")
                    .param("to", "2024-01-13T00:00:00Z"))
            .andExpect(status().isOk())
            .andExpect(header().string("X-Total-Count", "3"))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(JsonPath.<List<String>>read(body, "$[*].shortText"))
        .containsExactly("day 10", "day 11", "day 12");
    assertThat(JsonPath.<List<String>>read(body, "$[*].letter")).containsExactly("K", "L", "M");

    // Open at one end; thinned to every k-th when more than the limit, the total in the header.
    mvc.perform(get("/api/series/{id}/annotations", series).param("from", "2024-01-28"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[*].letter").value(Matchers.contains("AB", "AC", "AD")));
    mvc.perform(get("/api/series/{id}/annotations", series).param("limit", "2"))
        .andExpect(status().isOk())
        .andExpect(header().string("X-Total-Count", "30"))
        .andExpect(jsonPath("$[*].shortText").value(Matchers.contains("day 0", "day 15")))
        .andExpect(jsonPath("$[*].letter").value(Matchers.contains("A", "P")));
  }

  @Test
  void aBadWindowIsAOneLine400() throws Exception {
    expectBadWindow("from", "yesterday", "from: bad date 'yesterday'");
    expectBadWindow("to", "2024-13-01", "to: bad date '2024-13-01'");
    expectBadWindow(
        "to", "0001-01-01", "to: date '0001-01-01' is out of range: from 1900-01-01 to 9999-12-31");
    expectBadWindow("limit", "0", "limit: between 1 and 1000, not 0");
    expectBadWindow("limit", "1001", "limit: between 1 and 1000, not 1001");
    mvc.perform(
            get("/api/series/{id}/annotations", series)
                .param("from", "2024-02-01")
                .param("to", "2024-01-01"))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("from 2024-02-01T00:00:00Z is after to 2024-01-01T00:00:00Z"));
    mvc.perform(get("/api/series/{id}/annotations", series).param("limit", "many"))
        .andExpect(status().isBadRequest())
        .andExpect(header().string("Content-Type", "application/problem+json"));
  }

  private void expectBadWindow(String parameter, String value, String detail) throws Exception {
    mvc.perform(get("/api/series/{id}/annotations", series).param(parameter, value))
        .andExpect(status().isBadRequest())
        .andExpect(header().string("Content-Type", "application/problem+json"))
        .andExpect(jsonPath("$.detail").value(detail));
  }

  @Test
  void oneEditorMakesAtMostTenThousandAnnotationsADay() throws Exception {
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, created_by, created_at)"
                + " select now(), 'yesterday', 'code', 'all', 'editor', now() - interval '25h'"
                + " from generate_series(1, 100)")
        .update();
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, benchmark, created_by)"
                + " select now(), 'today', 'code', 'group', 'search', 'editor'"
                + " from generate_series(1, 9999)")
        .update();
    importing("2024-01-01,one too many\n2024-01-02,two too many\n")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    "too many annotations: 9999 made by editor within the last 24 hours, at most"
                        + " 10000 a day; try again tomorrow"));
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(json("{'at':'2024-01-01','shortText':'the last of the day'}"))
                .with(TestUsers.editor()))
        .andExpect(status().isCreated());
    expectBadRequest(
        "{'at':'2024-01-01','shortText':'over'}",
        "too many annotations: 10000 made by editor within the last 24 hours, at most 10000 a"
            + " day; try again tomorrow");
  }

  @Test
  void onlyEditorsWriteAndPagesNeedTheirCsrfToken() throws Exception {
    String body = json("{'at':'2024-01-01','shortText':'x'}");
    mvc.perform(post("/api/annotations").contentType(MediaType.APPLICATION_JSON).content(body))
        .andExpect(status().isUnauthorized()); // no session and no token: asked to sign in
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(csrf()))
        .andExpect(status().isUnauthorized());
    mvc.perform(
            post("/api/annotations/import")
                .contentType(TEXT_CSV)
                .content("2024-01-01,x\n")
                .with(csrf()))
        .andExpect(status().isUnauthorized());
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    assertThat(count()).isZero();

    // Reading is public.
    mvc.perform(get("/api/annotations")).andExpect(status().isOk());

    // An API client sends HTTP Basic credentials and no CSRF token; it is named as the author.
    String name = "ci-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "correct horse battery", Role.EDITOR, "test");
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(httpBasic(name, "correct horse battery")))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.createdBy").value(name));
    assertThat(count()).isOne();
  }

  @Test
  void scriptTextIsStoredAsGivenAndNoPageRendersItRaw() throws Exception {
    String script = "<script>alert(1)</script>";
    long id =
        id(
            mvc.perform(
                    post("/api/annotations")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(
                            json(
                                "{'at':'2024-01-01','shortText':'"
                                    + script
                                    + "','longText':'"
                                    + script
                                    + " https://example.org/?a=1&b=2','seriesId':"
                                    + series
                                    + "}"))
                        .with(TestUsers.editor()))
                .andExpect(status().isCreated())
                .andReturn());
    mvc.perform(get("/api/annotations/{id}", id))
        .andExpect(jsonPath("$.shortText").value(script))
        .andExpect(jsonPath("$.longText").value(script + " https://example.org/?a=1&b=2"));
    assertThat(
            jdbc.sql("select short_text from annotation where id = ?")
                .param(id)
                .query(String.class)
                .single())
        .isEqualTo(script);
    // The series page draws annotations from the JSON in the browser (escaped there, see
    // AnnotationBrowserTests); the server-rendered pages never put the text in raw.
    for (String page : List.of("/series/" + series, "/", "/alerts")) {
      mvc.perform(get(page))
          .andExpect(status().isOk())
          .andExpect(
              result ->
                  assertThat(result.getResponse().getContentAsString(StandardCharsets.UTF_8))
                      .as(page)
                      .doesNotContain(script));
    }
  }

  private org.springframework.test.web.servlet.ResultActions importing(String file)
      throws Exception {
    return mvc.perform(
        post("/api/annotations/import")
            .contentType(TEXT_CSV)
            .content(file.getBytes(StandardCharsets.UTF_8))
            .with(TestUsers.editor()));
  }

  private void expectBadRequest(String body, String detail) throws Exception {
    mvc.perform(
            post("/api/annotations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(json(body))
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(header().string("Content-Type", "application/problem+json"))
        .andExpect(jsonPath("$.detail").value(detail));
  }

  private long run(Instant revisionDate) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " revision_date) values ('maven:10.0.0', '10.0.0', 'bench-1', 'nightly',"
                + " 'wikimedium10k', 'succeeded', ?) returning id")
        .param(revisionDate == null ? null : Timestamp.from(revisionDate))
        .query(Long.class)
        .single();
  }

  private long count() {
    return jdbc.sql("select count(*) from annotation").query(Long.class).single();
  }

  private static long id(MvcResult result) throws IOException {
    return ((Number) JsonPath.read(body(result), "$.id")).longValue();
  }

  private static String body(MvcResult result) throws IOException {
    return result.getResponse().getContentAsString(StandardCharsets.UTF_8);
  }

  /** JSON written with single quotes, for readability; no test text holds one. */
  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }
}
