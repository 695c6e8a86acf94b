package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
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
import org.springframework.test.web.servlet.ResultActions;

/**
 * Issue 13: a comparison's JVM flags, specs and corpus are checked before it is queued, and the
 * flags once more where its JVMs are forked.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class ComparisonInputsTests {

  @Autowired MockMvc mvc;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  @Test
  void flagsOffTheAllowListAreOneLine400sAndNothingIsQueued() throws Exception {
    long before = comparisons();
    for (String[] bad :
        new String[][] {
          {
            "\"-XX:OnOutOfMemoryError=touch pwned\", \"-Xmx4m\"",
            "-XX:OnOutOfMemoryError=touch pwned"
          },
          {"\"-Xmx1g\", \"-javaagent:/some.jar\"", "-javaagent:/some.jar"},
          {"\"@/etc/passwd\"", "@/etc/passwd"},
          {"\"-XX:Flags=/etc/passwd\"", "-XX:Flags=/etc/passwd"},
        }) {
      for (String side : List.of("baselineJvmArgs", "candidateJvmArgs")) {
        compare("\"" + side + "\": [" + bad[0] + "]")
            .andExpect(status().isBadRequest())
            .andExpect(
                jsonPath("$.detail")
                    .value(Matchers.startsWith("JVM flag '" + bad[1] + "' is not allowed; ")))
            .andExpect(jsonPath("$.detail").value(Matchers.not(Matchers.containsString("\n"))));
      }
    }
    assertThat(comparisons()).isEqualTo(before);
  }

  @Test
  void specsPathsAndCorporaAreCheckedForBothSides() throws Exception {
    long before = comparisons();
    compare("\"corpus\": \"/etc/passwd\"")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    "corpus '/etc/passwd' is not a configured corpus;"
                        + " use one of [europarl, gcide-wordnet, missing, not-line-docs]"));
    mvc.perform(
            post("/api/comparisons")
                .with(TestUsers.editor())
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"baseline\": \"path:/etc\", \"candidate\": \"maven:9.12.3\", \"jvms\": 2}"))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    "Lucene spec 'path:/etc' is not a directory under a configured jar root"
                        + " (nightbench.lucene.jar-roots)"));
    mvc.perform(
            post("/api/comparisons")
                .with(TestUsers.editor())
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"baseline\": \"maven:9.12.3\", \"candidate\": \"git:"
                        + "a".repeat(250)
                        + "\", \"jvms\": 2}"))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("Lucene spec is 254 characters long; at most 200 are allowed"));
    assertThat(comparisons()).isEqualTo(before);
  }

  @Test
  void thePagesFormRefusesAFlagWithTheSameLine() throws Exception {
    long before = comparisons();
    mvc.perform(
            post("/comparisons")
                .param("baseline", "maven:9.12.3")
                .param("candidate", "maven:9.12.3")
                .param("candidateJvmArgs", "-Xmx4m -XX:OnOutOfMemoryError=id")
                .param("jvms", "2")
                .with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection())
        .andExpect(
            flash()
                .attribute(
                    "error",
                    Matchers.startsWith("JVM flag '-XX:OnOutOfMemoryError=id' is not allowed; ")));
    assertThat(comparisons()).isEqualTo(before);
  }

  @Test
  void aStoredComparisonWithAHostileFlagFailsWithOneLineAndForksNothing() throws Exception {
    Path pwned = Files.createTempFile("nightbench-pwned", "");
    Files.delete(pwned);
    // Written straight into the table, as a row from before the allow-list would be.
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, baseline_jvm_args,"
                + " candidate_jvm_args, jvms) values (?, 'maven:9.12.3', 'maven:9.12.3', ?, ?, 2)")
        .params(
            run.id(),
            new String[] {"-XX:OnOutOfMemoryError=touch " + pwned, "-Xmx4m"},
            new String[] {"-XX:OnOutOfMemoryError=touch " + pwned, "-Xmx4m"})
        .update();

    QueuedRuns.runAll(dataSource, worker);

    Run done = runs.find(run.id()).orElseThrow();
    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error())
        .doesNotContain("\n")
        .startsWith("indexing baseline for the queries (step 1 of ")
        .contains("JVM flag '-XX:OnOutOfMemoryError=touch " + pwned + "' is not allowed; ");
    assertThat(runs.log(run.id(), 0)).noneMatch(line -> line.startsWith("$ "));
    assertThat(pwned).doesNotExist();
  }

  private long comparisons() {
    return jdbc.sql("select count(*) from comparison").query(Long.class).single();
  }

  private ResultActions compare(String extra) throws Exception {
    return mvc.perform(
        post("/api/comparisons")
            .with(TestUsers.editor())
            .contentType(MediaType.APPLICATION_JSON)
            .content(
                "{\"baseline\": \"maven:9.12.3\", \"candidate\": \"maven:9.12.3\", \"jvms\": 2, "
                    + extra
                    + "}"));
  }
}
