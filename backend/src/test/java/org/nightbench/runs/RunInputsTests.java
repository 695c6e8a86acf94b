package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.users.TestUsers.editor;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.LuceneProperties;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/**
 * Issue 13: what an editor types as a revision or a corpus is checked before anything is queued,
 * and checked again by the worker for rows that got into the table some other way.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class RunInputsTests {

  private static final String OUTSIDE_ROOTS =
      "' is not a directory under a configured jar root (nightbench.lucene.jar-roots)";
  private static final String UNKNOWN_CORPUS =
      "' is not a configured corpus; use one of [europarl, gcide-wordnet, missing, not-line-docs]";

  @Autowired MockMvc mvc;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;
  @Autowired LuceneProperties lucene;

  @Test
  void aHugeSpecIsRefusedWithOneShortLineAndNothingIsQueued() throws Exception {
    long before = queuedRuns();
    // 10 MB is refused by the body cap before it is read (413); a spec under the cap by its length.
    queue("{\"luceneSpec\": \"maven:" + "9".repeat(10 * 1024 * 1024) + "\"}")
        .andExpect(status().isPayloadTooLarge());
    String huge = "maven:" + "9".repeat(100_000);

    queue("{\"luceneSpec\": \"" + huge + "\"}")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    "Lucene spec is "
                        + huge.length()
                        + " characters long; at most 200 are allowed"));
    backfill("{\"releases\": [\"9.12.3\", \"" + "9".repeat(300) + "\"]}")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("Lucene spec is 306 characters long; at most 200 are allowed"));

    assertThat(queuedRuns())
        .as("all or none: the good release is not queued either")
        .isEqualTo(before);
  }

  @Test
  void pathSpecsOutsideTheJarRootsAreRefusedAlikeWhetherTheDirectoryExistsOrNot() throws Exception {
    Path root = Files.createDirectories(lucene.jarRoots().get(0));
    Path inside = Files.createDirectories(root.resolve("my-build"));
    Path escape = root.resolve("escape");
    Files.deleteIfExists(escape);
    Files.createSymbolicLink(escape, Path.of("/etc"));
    long before = queuedRuns();

    for (String dir :
        List.of("/etc", "/no/such/dir", escape.toString(), inside + "/../../..", "/tmp")) {
      queue("{\"luceneSpec\": \"path:" + dir + "\"}")
          .andExpect(status().isBadRequest())
          .andExpect(jsonPath("$.detail").value("Lucene spec 'path:" + dir + OUTSIDE_ROOTS));
    }
    assertThat(queuedRuns()).isEqualTo(before);

    cancel(queue("{\"luceneSpec\": \"path:" + inside + "\"}").andExpect(status().isCreated()));
  }

  @Test
  void onlyConfiguredCorporaAreAcceptedAndARefusalTellsNothingAboutFiles() throws Exception {
    long before = queuedRuns();
    for (String corpus : List.of("/etc/passwd", "/no/such/file.txt", "../shared/x", "enwiki")) {
      queue("{\"luceneSpec\": \"maven:9.12.3\", \"corpus\": \"" + corpus + "\"}")
          .andExpect(status().isBadRequest())
          .andExpect(jsonPath("$.detail").value("corpus '" + corpus + UNKNOWN_CORPUS));
    }
    assertThat(queuedRuns()).isEqualTo(before);

    cancel(
        queue("{\"luceneSpec\": \"maven:9.12.3\", \"corpus\": \"europarl\"}")
            .andExpect(status().isCreated()));
  }

  @Test
  void aStoredRunThatNamesAPathOrACorpusOutsideTheListsFailsWithOneLine() {
    Run badCorpus = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    Run badPath = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    // Rows written around the API, or before these rules existed.
    jdbc.sql("update run set corpus = '/etc/passwd' where id = ?").param(badCorpus.id()).update();
    jdbc.sql("update run set lucene_spec = 'path:/etc' where id = ?").param(badPath.id()).update();

    QueuedRuns.runAll(dataSource, worker);

    Run corpusDone = runs.find(badCorpus.id()).orElseThrow();
    assertThat(corpusDone.status()).isEqualTo(RunStatus.FAILED);
    assertThat(corpusDone.error()).isEqualTo("corpus '/etc/passwd" + UNKNOWN_CORPUS);
    Run pathDone = runs.find(badPath.id()).orElseThrow();
    assertThat(pathDone.status()).isEqualTo(RunStatus.FAILED);
    assertThat(pathDone.error()).isEqualTo("Lucene spec 'path:/etc" + OUTSIDE_ROOTS);
    for (Run run : List.of(badCorpus, badPath)) {
      assertThat(runs.log(run.id(), 0)).noneMatch(line -> line.startsWith("$ "));
    }
  }

  private long queuedRuns() {
    return jdbc.sql("select count(*) from run").query(Long.class).single();
  }

  private ResultActions queue(String body) throws Exception {
    return mvc.perform(
        post("/api/runs").with(editor()).contentType(MediaType.APPLICATION_JSON).content(body));
  }

  private ResultActions backfill(String body) throws Exception {
    return mvc.perform(
        post("/api/backfill").with(editor()).contentType(MediaType.APPLICATION_JSON).content(body));
  }

  /** Leaves no queued run behind for tests that run this machine's queue. */
  private void cancel(ResultActions created) throws Exception {
    Integer id = JsonPath.read(created.andReturn().getResponse().getContentAsString(), "$.id");
    runs.cancel(id);
  }
}
