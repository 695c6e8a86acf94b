package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
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
 * Inputs that a lenient reader would take for something else: overlong UTF-8, a JSON key given
 * twice, digits of other scripts as ids. Each is a one-line 400 that names it, and nothing is
 * stored.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class StrictInputTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void anOverlongUtf8SequenceIsRefusedNotDecoded() throws Exception {
    long before = runs();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("{\"luceneSpec\":\"maven:9".getBytes(StandardCharsets.US_ASCII));
    body.writeBytes(new byte[] {(byte) 0xC0, (byte) 0xAE});
    body.writeBytes("12".getBytes(StandardCharsets.US_ASCII));
    body.writeBytes(new byte[] {(byte) 0xC0, (byte) 0xAE});
    body.writeBytes("3\"}".getBytes(StandardCharsets.US_ASCII));
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body.toByteArray())
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value("the request body is not well-formed UTF-8 (at byte 22)"));
    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void aJsonKeyGivenTwiceIsRefused() throws Exception {
    long before = runs();
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"luceneSpec\":\"maven:9.12.3\",\"luceneSpec\":\"maven:10.0.0\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(org.hamcrest.Matchers.containsString("Duplicate Object property")));
    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void digitsOfOtherScriptsAreNoIds() throws Exception {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, status) values"
                    + " ('maven:9.12.3', 'strict-test', 'tiny', 'europarl', 'cancelled')"
                    + " returning id")
            .query(Long.class)
            .single();
    mvc.perform(get("/api/runs/{id}", Long.toString(run))).andExpect(status().isOk());
    String fullwidth = toFullwidth(Long.toString(run));
    mvc.perform(get("/api/runs/" + fullwidth)).andExpect(status().isBadRequest());
    mvc.perform(get("/api/runs?limit=" + toFullwidth("5"))).andExpect(status().isBadRequest());
  }

  @Test
  void aUtf16BodyIsRefusedWhetherItSaysSoOrNot() throws Exception {
    String json = "{\"values\":[1,2,3]}";
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content(json.getBytes(StandardCharsets.UTF_8)))
        .andExpect(status().isOk());
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content(json.getBytes(StandardCharsets.UTF_16LE)))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("the request body holds a NUL byte (at byte 1): send UTF-8, not UTF-16"));
    mvc.perform(
            post("/api/change-points/detect")
                .contentType("application/json;charset=UTF-16")
                .content(json.getBytes(StandardCharsets.UTF_16)))
        .andExpect(status().isUnsupportedMediaType())
        .andExpect(jsonPath("$.detail").value("the request body must be UTF-8, not UTF-16"));
  }

  @Test
  void halfASurrogatePairIsRefusedNotStoredAsAQuestionMark() throws Exception {
    for (String text : new String[] {"\\ud800", "\\udc00x", "\\ud800\\u0041", "a\\ud83d"}) {
      mvc.perform(
              post("/api/change-points/detect")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content("{\"values\":[1,2,3],\"note\":\"" + text + "\"}"))
          .andExpect(status().isBadRequest())
          .andExpect(
              jsonPath("$.detail")
                  .value(org.hamcrest.Matchers.startsWith("the request body escapes half a")));
    }
    // A whole pair, and an escaped backslash before "u", are fine.
    for (String text : new String[] {"\\ud83d\\ude00", "\\\\ud800", "\\u00e9"}) {
      mvc.perform(
              post("/api/change-points/detect")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content("{\"values\":[1,2,3],\"note\":\"" + text + "\"}"))
          .andExpect(status().isOk());
    }
  }

  private static String toFullwidth(String digits) {
    StringBuilder out = new StringBuilder();
    digits.chars().forEach(c -> out.append((char) ('０' + (c - '0'))));
    return out.toString();
  }

  private long runs() {
    return jdbc.sql("select count(*) from run").query(Long.class).single();
  }
}
