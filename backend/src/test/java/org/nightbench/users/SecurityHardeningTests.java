package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * The rules an editor's browser relies on: CSRF skipped only for real HTTP Basic, a password change
 * that asks for the current password, and the security headers on every page.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class SecurityHardeningTests {

  private static final String RUN = "{\"luceneSpec\":\"maven:9.12.3\"}";

  @Autowired MockMvc mvc;
  @Autowired UserAccounts accounts;
  @Autowired JdbcClient jdbc;

  @Test
  void anAuthorizationHeaderThatIsNotBasicDoesNotExcuseAMissingCsrfToken() throws Exception {
    long before = runCount();
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .header("Authorization", "Bearer junk")
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden());
    assertThat(runCount()).isEqualTo(before);
  }

  @Test
  void basicCredentialsAreCheckedEvenWhenASessionOfTheSameUserComesAlong() throws Exception {
    String name = newUser(Role.EDITOR, "a long enough secret");
    long before = runCount();
    // A wrong Basic password next to a signed-in session of the same user: neither CSRF-free nor
    // signed in by the session.
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(user(name).roles("EDITOR"))
                .with(httpBasic(name, "not the password")))
        .andExpect(status().isUnauthorized());
    assertThat(runCount()).isEqualTo(before);
    // The right one needs no CSRF token.
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(httpBasic(name, "a long enough secret")))
        .andExpect(status().isCreated());
    assertThat(runCount()).isEqualTo(before + 1);
  }

  @Test
  void changingOnesPasswordNeedsTheCurrentOne() throws Exception {
    String name = newUser(Role.VIEWER, "the first password");
    mvc.perform(
            post("/api/users/me/password")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"a brand new password\"}")
                .with(user(name).roles("VIEWER"))
                .with(csrf()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(containsString("currentPassword is missing")));
    mvc.perform(
            post("/api/users/me/password")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"currentPassword\":\"a wrong guess\",\"password\":\"a brand new password\"}")
                .with(user(name).roles("VIEWER"))
                .with(csrf()))
        .andExpect(status().isForbidden())
        .andExpect(jsonPath("$.detail").value("the current password is wrong"));
    mvc.perform(get("/api/users/me/password").with(httpBasic(name, "a brand new password")))
        .andExpect(status().isUnauthorized());

    mvc.perform(
            post("/api/users/me/password")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"currentPassword\":\"the first password\","
                        + "\"password\":\"a brand new password\"}")
                .with(user(name).roles("VIEWER"))
                .with(csrf()))
        .andExpect(status().isNoContent());
    mvc.perform(
            post("/api/users/me/password")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"currentPassword\":\"a brand new password\","
                        + "\"password\":\"the third password\"}")
                .with(httpBasic(name, "a brand new password")))
        .andExpect(status().isNoContent());
    assertThat(
            jdbc.sql("select count(*) from sign_in_audit where username = ?")
                .param(name)
                .query(Long.class)
                .single())
        .as("the wrong current password is audited as a failed sign-in")
        .isPositive();
  }

  @Test
  void aPasswordChangeEndsTheUsersOtherSessions() throws Exception {
    String name = newUser(Role.EDITOR, "the first password");
    MockHttpSession mine = signIn(name, "the first password");
    MockHttpSession borrowed = signIn(name, "the first password");
    // Signed in, a GET of this POST-only address is 405; signed out, a sign-in is asked for.
    mvc.perform(get("/api/users/me/password").session(borrowed))
        .andExpect(status().isMethodNotAllowed());

    mvc.perform(
            post("/api/users/me/password")
                .session(mine)
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"currentPassword\":\"the first password\","
                        + "\"password\":\"a brand new password\"}")
                .with(csrf()))
        .andExpect(status().isNoContent());

    mvc.perform(get("/api/users/me/password").session(mine))
        .andExpect(status().isMethodNotAllowed());
    mvc.perform(get("/api/users/me/password").session(borrowed))
        .andExpect(status().is3xxRedirection())
        .andExpect(header().string("Location", "/login?expired"));
    mvc.perform(get("/api/users/me/password").session(borrowed))
        .andExpect(result -> assertThat(result.getResponse().getStatus()).isIn(302, 401));
  }

  @Test
  void aPasswordMustBeMoreThanLong() throws Exception {
    String name = newUser(Role.VIEWER, "the first password");
    for (String[] weak :
        new String[][] {
          {"            ", "password is only spaces"},
          {"aaaaaaaaaaaaaaaa", "password too simple: use at least 5 different characters"},
          {"abababababab", "password too simple: use at least 5 different characters"},
          {"Password1234", "password is on the list of commonly used passwords: choose another"},
        }) {
      mvc.perform(
              post("/api/users/me/password")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content(
                      "{\"currentPassword\":\"the first password\",\"password\":\""
                          + weak[0]
                          + "\"}")
                  .with(httpBasic(name, "the first password")))
          .andExpect(status().isBadRequest())
          .andExpect(jsonPath("$.detail").value(weak[1]));
    }
  }

  /** Signs in through the form, as a browser does; returns the signed-in session. */
  private MockHttpSession signIn(String name, String password) throws Exception {
    MockHttpSession session = new MockHttpSession();
    mvc.perform(
            post("/login")
                .session(session)
                .param("username", name)
                .param("password", password)
                .with(csrf()))
        .andExpect(status().is3xxRedirection())
        .andExpect(header().string("Location", "/"));
    return session;
  }

  @Test
  void pagesAndTheApiSendTheSecurityHeaders() throws Exception {
    for (String path : new String[] {"/", "/alerts", "/login", "/api/series"}) {
      mvc.perform(get(path))
          .andExpect(status().isOk())
          .andExpect(
              header()
                  .string(
                      "Content-Security-Policy", containsString("script-src 'self'; style-src")))
          .andExpect(
              header().string("Content-Security-Policy", containsString("frame-ancestors 'none'")))
          .andExpect(header().string("Referrer-Policy", "strict-origin-when-cross-origin"))
          .andExpect(header().string("X-Frame-Options", "DENY"))
          .andExpect(header().string("X-Content-Type-Options", "nosniff"));
    }
  }

  private String newUser(Role role, String password) {
    String name = "hard-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, password, role, "test");
    return name;
  }

  private long runCount() {
    return jdbc.sql("select count(*) from run").query(Long.class).single();
  }
}
