package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.RunStatus;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.users.TestUsers;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultMatcher;

/**
 * A comparison end to end on real Lucene releases and a small corpus: queued through the API, run
 * by the worker in interleaved JVMs, judged, and read back as JSON and luceneutil's text.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
// Checks a comparison's shape (interleaving, tables, pages), never how its measurements came out,
// so it runs beside other tests; only tests whose verdicts depend on the figures are "measuring".
class ComparisonRunTests {

  @Autowired MockMvc mvc;
  @Autowired ComparisonService comparisons;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  @Test
  void twoReleasesAreComparedInInterleavedJvmsAndJudgedPerTask() throws Exception {
    ComparisonView done =
        queuedAndRun(
            "{\"baseline\":\"maven:9.11.1\",\"candidate\":\"maven:9.12.3\","
                + "\"jvms\":2,\"profile\":\"tiny\"}",
            jsonPath("$.status").value("QUEUED"),
            jsonPath("$.requestedBy").value("editor"));
    assertThat(done.result().baselineVersion()).isEqualTo("9.11.1");
    assertThat(done.result().candidateVersion()).isEqualTo("9.12.3");
    ComparisonResult.Table qps =
        done.result().tables().stream()
            .filter(t -> t.benchmark().equals("search") && t.metric().equals("qps"))
            .findFirst()
            .orElseThrow();
    assertThat(qps.tasks()).isNotEmpty();
    assertThat(qps.tasks())
        .allSatisfy(
            task -> {
              assertThat(task.baselineN()).isEqualTo(2);
              assertThat(task.candidateN()).isEqualTo(2);
              assertThat(task.qValue()).isBetween(task.pValue(), 1.0);
            });
    assertThat(qps.samples()).hasSameSizeAs(qps.tasks());
    // The log shows the JVMs alternating: A B, then B A.
    assertThat(
            jdbc.sql(
                    "select line from run_log where run_id = ? and line like '== search %'"
                        + " order by line_no")
                .param(done.id())
                .query(String.class)
                .list())
        .containsExactly(
            "== search baseline JVM 1/2 (step 4 of 7)",
            "== search candidate JVM 1/2 (step 5 of 7)",
            "== search candidate JVM 2/2 (step 6 of 7)",
            "== search baseline JVM 2/2 (step 7 of 7)");
    // Both sides' series stay untouched: a comparison is no night of any chart.
    assertThat(
            jdbc.sql("select count(*) from measurement where run_id = ?")
                .param(done.id())
                .query(Long.class)
                .single())
        .isZero();

    String text =
        mvc.perform(get("/api/comparisons/{id}.txt", done.id()))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(text)
        .contains("Baseline:  maven:9.11.1 (Lucene 9.11.1)")
        .contains("Candidate: maven:9.12.3 (Lucene 9.12.3)")
        .contains("search qps")
        .contains("Pct diff");
    mvc.perform(get("/api/comparisons")).andExpect(jsonPath("$[0].id").value(done.id()));

    String page =
        mvc.perform(get("/comparisons/{id}", done.id()).with(TestUsers.editor()))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page)
        .contains("Lucene 9.11.1 against Lucene 9.12.3")
        .contains("search qps (queries/s)")
        .contains("As luceneutil prints it")
        .contains("Run again with 4 JVMs per side")
        .contains("class=\"strip\"");
    assertThat(
            mvc.perform(get("/comparisons"))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString())
        .contains("maven:9.11.1")
        .doesNotContain("id=\"comparison-new\"");
  }

  @Test
  void aSettingIsComparedLikeARevisionThroughThePagesForm() throws Exception {
    mvc.perform(
            post("/comparisons")
                .param("baseline", "maven:9.12.3")
                .param("candidate", "maven:9.12.3")
                .param("candidateDirectory", "nio")
                .param("jvms", "2")
                .param("profile", "tiny")
                .with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    long id =
        jdbc.sql("select max(run_id) from comparison where candidate_directory = 'nio'")
            .query(Long.class)
            .single();

    QueuedRuns.runAll(dataSource, worker);

    ComparisonView done = comparisons.get(id);
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(done.candidateDirectory()).isEqualTo("nio");
    // The same revision reads the same index the same way: no query may answer differently.
    assertThat(done.result().mismatches()).isEmpty();
    // The same Lucene and codec on both sides: one index serves both, read in two ways.
    assertThat(logLines(id, "$ %index %")).isEqualTo(1);
    // Only the candidate's search JVMs read through NIOFSDirectory.
    assertThat(logLines(id, "$ %search %--directory nio%")).isEqualTo(2);
    assertThat(
            mvc.perform(get("/api/comparisons/{id}.txt", id))
                .andReturn()
                .getResponse()
                .getContentAsString())
        .contains("Candidate: maven:9.12.3 (Lucene 9.12.3), nio directory");
  }

  @Test
  void indexingPkNrtAndLoadAreComparedInInterleavedJvmsWithEachSidesCodec() throws Exception {
    ComparisonView done =
        queuedAndRun(
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\","
                + "\"candidateStoredFields\":\"compression\",\"jvms\":2,"
                + "\"profile\":\"suite\",\"benchmarks\":[\"load\",\"indexing\","
                + "\"search\",\"nrt\",\"pk-lookup\"],\"categories\":[\"HighTerm\"]}",
            jsonPath("$.benchmarks[0]").value("indexing"),
            jsonPath("$.categories[0]").value("HighTerm"),
            jsonPath("$.candidateStoredFields").value("compression"));
    assertThat(done.result().tables())
        .extracting(t -> t.benchmark() + " " + t.metric())
        .contains(
            "indexing gbPerHour",
            "indexing indexSizeMB",
            "search qps",
            "pk lookupsPerSec",
            "nrt reopenP50Ms",
            "load p99Ms");
    // Capacity is judged when a step passed on both sides; a side whose first step already failed
    // (a loaded CI box) reports 0, which is listed as measured but not judged.
    assertThat(
            Stream.concat(
                done.result().tables().stream().map(t -> t.benchmark() + " " + t.metric()),
                done.result().notCompared().stream()))
        .anySatisfy(line -> assertThat(line).contains("capacityQps"));
    assertThat(done.result().tables())
        .allSatisfy(
            table ->
                assertThat(table.tasks())
                    .allSatisfy(
                        task -> {
                          assertThat(task.baselineN()).isEqualTo(2);
                          assertThat(task.candidateN()).isEqualTo(2);
                        }));
    // Only the asked category was searched.
    assertThat(
            done.result().tables().stream()
                .filter(t -> t.benchmark().equals("search") && t.metric().equals("qps"))
                .flatMap(t -> t.tasks().stream())
                .map(task -> task.task()))
        .containsOnly("HighTerm");
    // Every benchmark alternates A B, B A; each JVM of indexing builds its own index, the queries
    // read one built repeatably per side, and only the candidate's are written with compressed
    // stored fields.
    List<String> steps =
        jdbc.sql("select line from run_log where run_id = ? and line like '== %' order by line_no")
            .param(done.id())
            .query(String.class)
            .list();
    assertThat(steps)
        .filteredOn(line -> line.startsWith("== indexing") || line.startsWith("== nrt"))
        .containsExactly(
            "== indexing 1kb-docs baseline JVM 1/2 (step 1 of 23)",
            "== indexing 1kb-docs candidate JVM 1/2 (step 2 of 23)",
            "== indexing 1kb-docs candidate JVM 2/2 (step 3 of 23)",
            "== indexing 1kb-docs baseline JVM 2/2 (step 4 of 23)",
            "== indexing baseline for the queries (step 5 of 23)",
            "== indexing candidate for the queries (step 6 of 23)",
            "== nrt plain baseline JVM 1/2 (step 16 of 23)",
            "== nrt plain candidate JVM 1/2 (step 17 of 23)",
            "== nrt plain candidate JVM 2/2 (step 18 of 23)",
            "== nrt plain baseline JVM 2/2 (step 19 of 23)");
    assertThat(logLines(done.id(), "$ %index %--stored-fields compression%")).isEqualTo(3);
    assertThat(logLines(done.id(), "$ %index %--deterministic%")).isEqualTo(2);
    assertThat(
            mvc.perform(get("/api/comparisons/{id}.txt", done.id()))
                .andReturn()
                .getResponse()
                .getContentAsString())
        .contains("Candidate: maven:9.12.3 (Lucene 9.12.3), stored fields best compression")
        .contains("indexing, search, pk-lookup, nrt, load (HighTerm)")
        .contains("indexing indexSizeMB (MB)")
        .containsPattern("Not judged:\n  indexing \\w+ 1kb-docs: a value is zero or not a number");
  }

  @Test
  void theNightlysOtherMeasurementsCanBeCompared() throws Exception {
    ComparisonView done =
        queuedAndRun(
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\","
                + "\"jvms\":2,\"profile\":\"measured\",\"benchmarks\":[\"pk-postings\","
                + "\"check-index\",\"cold-search\",\"stored-fields\"]}",
            jsonPath("$.benchmarks.length()").value(4));
    assertThat(done.result().tables())
        .extracting(t -> t.benchmark() + " " + t.metric())
        .contains(
            "pk lookupsPerSec",
            "checkIndex seconds",
            "storedFields indexSeconds",
            "storedFields storeMB",
            "storedFields retrieveNanosPerDoc")
        .doesNotContain("search qps");
    assertThat(
            done.result().tables().stream()
                .filter(t -> t.benchmark().equals("pk"))
                .flatMap(t -> t.tasks().stream())
                .map(task -> task.task()))
        .containsExactlyInAnyOrder(
            "sequential-default", "random-default", "sequential-Direct", "random-Direct");
    // Each side's JVMs alternate, as for search.
    assertThat(logLines(done.id(), "== check-index % JVM %")).isEqualTo(4);
    assertThat(logLines(done.id(), "== stored-fields speed % JVM %")).isEqualTo(4);
    assertThat(logLines(done.id(), "== cold-search % JVM %")).isEqualTo(4);
  }

  @Test
  void vectorSearchAndFacetTimingsCanBeComparedOnVectorsEmbeddedOnce() throws Exception {
    ComparisonView done =
        queuedAndRun(
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:10.6.0\","
                + "\"jvms\":2,\"profile\":\"vectors\","
                + "\"benchmarks\":[\"knn\",\"facet-timings\"]}",
            jsonPath("$.benchmarks[0]").value("facet-timings"),
            jsonPath("$.benchmarks[1]").value("knn"));
    assertThat(done.result().tables())
        .extracting(t -> t.benchmark() + " " + t.metric())
        .contains("knn recall", "knn latencyMeanMs", "knn indexSeconds", "facets countsMs")
        .doesNotContain("search qps");
    ComparisonResult.Table recall =
        done.result().tables().stream()
            .filter(t -> t.benchmark().equals("knn") && t.metric().equals("recall"))
            .findFirst()
            .orElseThrow();
    assertThat(recall.tasks())
        .extracting(TaskComparison::task)
        .contains("hnsw-fanout0", "hnsw-fanout50", "int7-fanout50");
    // Both releases find about the same neighbours in the same vectors: nothing is flagged.
    assertThat(done.result().recallLosses()).isEmpty();
    // One embedding for both sides, then the sides' KNN JVMs alternate.
    assertThat(logLines(done.id(), "== embedding (step %")).isEqualTo(1);
    assertThat(logLines(done.id(), "== knn % JVM %")).isEqualTo(4);
    assertThat(logLines(done.id(), "== facet-timings % JVM %")).isEqualTo(4);
    mvc.perform(get("/api/comparisons/{id}", done.id()))
        .andExpect(jsonPath("$.result.recallLosses").isArray());
  }

  @Test
  void indexingWithVectorsIsComparedPerFormatOnVectorsEmbeddedOnce() throws Exception {
    ComparisonView done =
        queuedAndRun(
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:10.6.0\","
                + "\"jvms\":2,\"profile\":\"vectors\","
                + "\"benchmarks\":[\"vector-indexing\"]}",
            jsonPath("$.benchmarks[0]").value("vector-indexing"));
    ComparisonResult.Table docsPerSec =
        done.result().tables().stream()
            .filter(t -> t.benchmark().equals("vectorIndexing") && t.metric().equals("docsPerSec"))
            .findFirst()
            .orElseThrow();
    assertThat(docsPerSec.tasks())
        .extracting(TaskComparison::task)
        .containsExactlyInAnyOrder("float32", "int8");
    assertThat(done.result().tables())
        .extracting(t -> t.benchmark() + " " + t.metric())
        .contains("vectorIndexing gbPerHour")
        .doesNotContain("search qps", "knn recall");
    assertThat(logLines(done.id(), "== embedding (step %")).isEqualTo(1);
    assertThat(logLines(done.id(), "== vector-indexing float32 % JVM %")).isEqualTo(4);
    assertThat(logLines(done.id(), "== vector-indexing int8 % JVM %")).isEqualTo(4);
  }

  @Test
  void aQueuedComparisonCanBeCancelledOnceFromTheApiAndItsPage() throws Exception {
    long first = comparisons.create(request("maven:9.12.3"), "editor").id();
    mvc.perform(post("/api/comparisons/{id}/cancel", first).with(TestUsers.editor()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.status").value("CANCELLED"));
    mvc.perform(post("/api/comparisons/{id}/cancel", first).with(TestUsers.editor()))
        .andExpect(status().isConflict());

    long second = comparisons.create(request("maven:9.12.3"), "editor").id();
    assertThat(
            mvc.perform(get("/comparisons/{id}", second).with(TestUsers.editor()))
                .andReturn()
                .getResponse()
                .getContentAsString())
        .contains("id=\"comparison-progress\"")
        .contains("id=\"comparison-cancel\"");
    mvc.perform(post("/comparisons/{id}/cancel", second).with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    assertThat(comparisons.get(second).status()).isEqualTo(RunStatus.CANCELLED);
    mvc.perform(post("/api/comparisons/{id}/cancel", second).with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
  }

  /**
   * Queues the comparison {@code json} as an editor, checks the reply (created, and {@code reply}),
   * lets the worker run it, and returns it once it has succeeded.
   */
  private ComparisonView queuedAndRun(String json, ResultMatcher... reply) throws Exception {
    String location =
        mvc.perform(
                post("/api/comparisons")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(json)
                    .with(TestUsers.editor()))
            .andExpect(status().isCreated())
            .andExpectAll(reply)
            .andReturn()
            .getResponse()
            .getHeader("Location");

    QueuedRuns.runAll(dataSource, worker);

    ComparisonView done =
        comparisons.get(Long.parseLong(location.replace("/api/comparisons/", "")));
    assertThat(done.error()).isNull();
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    return done;
  }

  /** How many of the run's log lines are like {@code pattern} (SQL LIKE). */
  private long logLines(long runId, String pattern) {
    return jdbc.sql("select count(*) from run_log where run_id = ? and line like ?")
        .params(runId, pattern)
        .query(Long.class)
        .single();
  }

  private static ComparisonRequest request(String spec) {
    return new ComparisonRequest(spec, spec, null, null, null, null, 2, "tiny", null, null);
  }

  @Test
  void badRequestsAreOneLineAndNeedAnEditor() throws Exception {
    for (String[] bad :
        new String[][] {
          {
            "\"benchmarks\":[\"search\",\"vectors\"]",
            "unknown benchmark vectors: use indexing, search, pk-lookup, facet-timings, nrt, load,"
                + " pk-postings, check-index, cold-search, stored-fields, knn, vector-indexing"
          },
          {"\"benchmarks\":[\"knn\"],\"profile\":\"tiny\"", "profile tiny has no knn settings"},
          {
            "\"benchmarks\":[\"facet-timings\"],\"profile\":\"tiny\"",
            "profile tiny has no facet-timings settings"
          },
          {
            "\"benchmarks\":[\"stored-fields\"],\"profile\":\"tiny\"",
            "profile tiny has no stored-fields settings"
          },
          {"\"benchmarks\":[\"nrt\"],\"profile\":\"tiny\"", "profile tiny has no NRT variants"},
          {
            "\"candidateStoredFields\":\"tiny\"",
            "unknown stored fields mode tiny: use speed or compression"
          },
          {
            "\"baselinePostingsFormat\":\"../x\"",
            "postings format '../x' is no SPI name such as Lucene912 or FST50"
          },
          {
            "\"categories\":[\"High Term\"]",
            "task category 'High Term' is no category name such as HighTerm"
          },
        }) {
      mvc.perform(
              post("/api/comparisons")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content(
                      "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\","
                          + bad[0]
                          + "}")
                  .with(TestUsers.editor()))
          .andExpect(status().isBadRequest())
          .andExpect(jsonPath("$.detail").value(bad[1]));
    }
    mvc.perform(
            post("/api/comparisons")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"baseline\":\"maven:9.12.3\",\"candidate\":\"svn:123\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("svn:123")));
    mvc.perform(
            post("/api/comparisons")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\",\"jvms\":1}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("jvms must be between 2 and 100 per side, not 1"));
    mvc.perform(
            post("/api/comparisons")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\","
                        + "\"candidateDirectory\":\"floppy\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value("unknown directory floppy: use default, mmap or nio"));
    mvc.perform(
            post("/api/comparisons")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\"}")
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
  }
}
