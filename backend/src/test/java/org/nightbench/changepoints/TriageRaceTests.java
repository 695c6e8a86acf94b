package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.jayway.jsonpath.JsonPath;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A triage that links an annotation, racing that annotation's deletion, 30 times over: whichever
 * wins, the loser is answered with a one-line 4xx, never a 500 (the foreign key used to surface).
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class TriageRaceTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void aTriageRacingItsAnnotationsDeletionIsNeverA500() throws Exception {
    long changePoint = changePoint();
    List<Integer> statuses = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int i = 0; i < 30; i++) {
        long annotation = annotation(i);
        CompletableFuture<Integer> triage =
            CompletableFuture.supplyAsync(
                () ->
                    status(
                        patch("/api/change-points/{id}", changePoint)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"annotationId\":" + annotation + "}")
                            .with(TestUsers.editor())),
                threads);
        CompletableFuture<Integer> deletion =
            CompletableFuture.supplyAsync(
                () -> status(delete("/api/annotations/{id}", annotation).with(TestUsers.editor())),
                threads);
        statuses.add(triage.join());
        statuses.add(deletion.join());
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(statuses).allMatch(status -> status < 500, "no 5xx: " + statuses);
  }

  private int status(
      org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder request) {
    try {
      return mvc.perform(request).andReturn().getResponse().getStatus();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private long annotation(int i) throws Exception {
    String body =
        mvc.perform(
                post("/api/annotations")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(
                        "{\"at\":\"2024-02-01\",\"shortText\":\"race "
                            + i
                            + "\",\"scope\":\"all\"}")
                    .with(TestUsers.editor()))
            .andReturn()
            .getResponse()
            .getContentAsString(StandardCharsets.UTF_8);
    return ((Number) JsonPath.read(body, "$.id")).longValue();
  }

  private long changePoint() {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'race', 'Term', 'qps',"
                    + " 'queries/s', true, 'bench-1', '21', 'wikimedium10k', 'nightly')"
                    + " returning id")
            .param(UUID.randomUUID().toString())
            .query(Long.class)
            .single();
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " values ('maven:10.0.0', '10.0.0', 'bench-1', 'nightly', 'wikimedium10k',"
                    + " 'succeeded') returning id")
            .query(Long.class)
            .single();
    return jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction) values (?, ?, now(), 10, 12.5, 0.25, 'regression')"
                + " returning id")
        .params(series, run)
        .query(Long.class)
        .single();
  }
}
