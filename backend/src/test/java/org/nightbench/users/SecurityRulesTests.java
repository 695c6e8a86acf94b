package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/** Who may change what, through the whole filter chain against the real database. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class SecurityRulesTests {

  private static final String RUN = "{\"luceneSpec\":\"maven:9.12.3\"}";

  @Autowired MockMvc mvc;
  @Autowired UserAccounts accounts;
  @Autowired JdbcClient jdbc;

  @Test
  void anyoneReads() throws Exception {
    mvc.perform(get("/")).andExpect(status().isOk());
    mvc.perform(get("/api/series")).andExpect(status().isOk());
    mvc.perform(get("/runs")).andExpect(status().isOk());
  }

  @Test
  void anAnonymousWriteIsRefused() throws Exception {
    long before = runCount();
    mvc.perform(post("/api/runs").contentType(MediaType.APPLICATION_JSON).content(RUN).with(csrf()))
        .andExpect(status().isUnauthorized());
    // A person at a page is sent to sign in instead.
    mvc.perform(post("/runs/1/cancel").accept(MediaType.TEXT_HTML).with(csrf()))
        .andExpect(status().isFound())
        .andExpect(redirectedUrl("/login"));
    assertThat(runCount()).isEqualTo(before);
  }

  @Test
  void aSignedInWriteWithoutItsCsrfTokenIsRefused() throws Exception {
    long before = runCount();
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(user("editor").roles("EDITOR"))
                .with(csrf().useInvalidToken()))
        .andExpect(status().isForbidden());
    assertThat(runCount()).isEqualTo(before);
  }

  @Test
  void aViewerMayNotWriteAnEditorMayAndAnAdminMayToo() throws Exception {
    long before = runCount();
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(TestUsers.editor()))
        .andExpect(status().isCreated());
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(TestUsers.admin()))
        .andExpect(status().isCreated());
    assertThat(runCount()).isEqualTo(before + 2);
    assertThat(
            jdbc.sql("select requested_by from run order by id desc limit 2")
                .query(String.class)
                .list())
        .containsExactly("admin", "editor");
  }

  @Test
  void apiClientsSignInWithBasicAndAStoredHashedPassword() throws Exception {
    String name = "ci-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "correct horse battery", Role.EDITOR, "test");

    assertThat(
            jdbc.sql("select password_hash from app_user where username = ?")
                .param(name)
                .query(String.class)
                .single())
        .startsWith("{bcrypt}")
        .doesNotContain("correct horse battery");
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(httpBasic(name, "wrong password!")))
        .andExpect(status().isUnauthorized());
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(httpBasic(name, "correct horse battery")))
        .andExpect(status().isCreated());
  }

  @Test
  void peopleSignInWithTheForm() throws Exception {
    String name = "jane-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "a long enough secret", Role.VIEWER, "test");

    mvc.perform(post("/login").param("username", name).param("password", "not it").with(csrf()))
        .andExpect(redirectedUrl("/login?error"));
    mvc.perform(
            post("/login")
                .param("username", name)
                .param("password", "a long enough secret")
                .with(csrf()))
        .andExpect(redirectedUrl("/"));
    mvc.perform(post("/login").param("username", name).param("password", "a long enough secret"))
        .andExpect(status().isForbidden());
  }

  @Test
  void onlyAdminsManageUsersAndBadInputIsOneLine() throws Exception {
    String body = "{\"username\":\"newbie\",\"password\":\"twelve chars!\",\"role\":\"editor\"}";
    mvc.perform(
            post("/api/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(TestUsers.editor()))
        .andExpect(status().isForbidden());
    mvc.perform(get("/api/users")).andExpect(status().isUnauthorized());
    mvc.perform(
            post("/api/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(TestUsers.admin()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.role").value("editor"))
        .andExpect(jsonPath("$.createdBy").value("admin"))
        .andExpect(jsonPath("$.password").doesNotExist());
    mvc.perform(
            post("/api/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"x\",\"password\":\"short\",\"role\":\"editor\"}")
                .with(TestUsers.admin()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("password too short: at least 12 characters"));
    mvc.perform(
            post("/api/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"y\",\"password\":\"long enough pw\",\"role\":\"boss\"}")
                .with(TestUsers.admin()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("unknown role 'boss': use viewer, editor or admin"));
  }

  @Test
  void aFreshDatabaseHasAnAdmin() throws Exception {
    assertThat(
            jdbc.sql("select count(*) from app_user where role = 'admin'")
                .query(Long.class)
                .single())
        .isPositive();
    mvc.perform(get("/login"))
        .andExpect(status().isOk())
        .andExpect(header().exists("Content-Type"));
  }

  private long runCount() {
    return jdbc.sql("select count(*) from run").query(Long.class).single();
  }
}
