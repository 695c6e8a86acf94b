package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.users.TestUsers.editor;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/** The runs API over the real database: queueing, reading, progress and bad input. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class RunApiControllerTests {

  @Autowired MockMvc mvc;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunService runs;

  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;

  @Test
  void aRunsMeasurementsComeWithTheSeriesPreviousPointAsJsonCsvAndOnThePage() throws Exception {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit,"
                    + " higher_is_better, machine, jdk, corpus, profile) values"
                    + " (gen_random_uuid()::text, 'nrt', 'plain', 'reopenP99Ms', 'ms', false,"
                    + " 'm', '25', 'c', 'p') returning id")
            .query(Long.class)
            .single();
    long before = succeededRunWithPoint(series, "2026-01-01T02:00:00Z", 200.0);
    long after = succeededRunWithPoint(series, "2026-01-02T02:00:00Z", 250.0);

    mvc.perform(get("/api/runs/{id}/measurements", after))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[0].value").value(250.0))
        .andExpect(jsonPath("$[0].previousValue").value(200.0))
        .andExpect(jsonPath("$[0].previousRunId").value(before));
    mvc.perform(get("/api/runs/{id}/measurements.csv", after))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    Matchers.containsString(
                        "nrt,plain,reopenP99Ms,ms,250.0,,1,200.0," + before + ",0.25\n")));
    // Reopen latency 25 % up, but one JVM a side: the run page shows the change against the
    // same previous run and says it is not judged, rather than colouring it as a regression.
    mvc.perform(get("/runs/{id}", after))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("+25%")))
        .andExpect(content().string(Matchers.containsString("one JVM a side")))
        .andExpect(content().string(Matchers.not(Matchers.containsString("change worse"))));
    mvc.perform(get("/api/runs/{id}/measurements", before))
        .andExpect(jsonPath("$[0].previousValue").isEmpty());
  }

  private long succeededRunWithPoint(long series, String x, double value) {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " values ('maven:10.6.0', '10.6.0', 'm', 'p', 'c', 'succeeded') returning id")
            .query(Long.class)
            .single();
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, ?::timestamptz, ?, null, ?)")
        .params(series, run, x, value, new Double[] {value})
        .update();
    return run;
  }

  @Test
  void queuedRunCanBeReadBackWithItsLog() throws Exception {
    String location =
        mvc.perform(
                post("/api/runs")
                    .with(editor())
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"luceneSpec\": \"maven:10.2.2\", \"profile\": \"tiny\"}"))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.luceneSpec").value("maven:10.2.2"))
            .andExpect(jsonPath("$.status").value("QUEUED"))
            .andExpect(jsonPath("$.profile").value("tiny"))
            .andExpect(jsonPath("$.corpus").value("europarl"))
            .andExpect(jsonPath("$.machine").value("test-machine"))
            .andReturn()
            .getResponse()
            .getHeader("Location");
    long id = Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
    logs.append(id, java.util.List.of("first", "second"));
    logs.append(id, java.util.List.of("third"));

    mvc.perform(get(location)).andExpect(status().isOk()).andExpect(jsonPath("$.id").value(id));
    mvc.perform(get(location + "/log?from=1"))
        .andExpect(status().isOk())
        .andExpect(content().json("[\"second\", \"third\"]"));
    mvc.perform(get("/api/runs/progress"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.queued").value(Matchers.greaterThanOrEqualTo(1)));
    mvc.perform(get("/runs/" + id))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("maven:10.2.2")))
        .andExpect(content().string(Matchers.containsString("third")));
    mvc.perform(get("/runs"))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("/runs/" + id)));
    // Leave no queued run behind for tests that drive the worker.
    repository.markFailed(id, "test cleanup");
  }

  @Test
  void theRunsPageShowsTwoHundredANewestFirstAndPagesToTheOlderOnes() throws Exception {
    List<Long> ids =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, status)"
                    + " select 'maven:9.12.3', 'paged-runs', 'tiny', 'c', 'cancelled'"
                    + " from generate_series(1, 201) returning id")
            .query(Long.class)
            .list();
    long oldest = ids.stream().mapToLong(Long::longValue).min().orElseThrow();
    long newest = ids.stream().mapToLong(Long::longValue).max().orElseThrow();
    String first = mvc.perform(get("/runs")).andReturn().getResponse().getContentAsString();
    assertThat(first)
        .contains("href=\"/runs/" + newest + "\"")
        .doesNotContain("href=\"/runs/" + oldest + "\"")
        .contains("href=\"/runs?page=2\" rel=\"next\"");
    mvc.perform(get("/runs").param("page", "2"))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("href=\"/runs/" + oldest + "\"")))
        .andExpect(content().string(Matchers.containsString("rel=\"prev\"")));
    mvc.perform(get("/runs").param("page", "0"))
        .andExpect(status().isBadRequest())
        .andExpect(content().string(Matchers.containsString("page: between 1 and 10000, not 0")));
  }

  @Test
  void badSpecIsA400WithOneLine() throws Exception {
    mvc.perform(
            post("/api/runs")
                .with(editor())
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"luceneSpec\": \"maven:9.12.3; rm -rf /\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("maven:9.12.3; rm -rf /")))
        .andExpect(jsonPath("$.detail").value(Matchers.not(Matchers.containsString("\n"))));
    mvc.perform(
            post("/api/runs")
                .with(editor())
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"luceneSpec\": \"maven:9.12.3\", \"profile\": \"nope\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.startsWith("unknown profile 'nope'")));
  }

  @Test
  void cancellingAQueuedRunEndsItAndASecondCancelIsAConflict() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");

    mvc.perform(post("/api/runs/" + run.id() + "/cancel").with(editor()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.status").value("CANCELLED"));
    mvc.perform(post("/api/runs/" + run.id() + "/cancel").with(editor()))
        .andExpect(status().isConflict())
        .andExpect(
            jsonPath("$.detail").value("run " + run.id() + " has already ended (cancelled)"));
    mvc.perform(post("/api/runs/999999/cancel").with(editor())).andExpect(status().isNotFound());
  }

  @Test
  void theRunPageOffersEditorsToCancelARun() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    mvc.perform(get("/runs/" + run.id()))
        .andExpect(content().string(Matchers.not(Matchers.containsString("Cancel run"))));
    mvc.perform(get("/runs/" + run.id()).with(editor()))
        .andExpect(content().string(Matchers.containsString("Cancel run")));

    mvc.perform(post("/runs/" + run.id() + "/cancel").with(editor()))
        .andExpect(status().is3xxRedirection())
        .andExpect(header().string("Location", "/runs/" + run.id()));

    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
    mvc.perform(get("/runs/" + run.id()).with(editor()))
        .andExpect(content().string(Matchers.not(Matchers.containsString("Cancel run"))));
  }

  @Test
  void unknownRunIsA404() throws Exception {
    mvc.perform(get("/api/runs/999999"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value("No run 999999"));
    mvc.perform(get("/runs/999999")).andExpect(status().isNotFound());
  }
}
