package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.UUID;
import org.hamcrest.Matchers;
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
 * The users page for admins and the change-password page, through the filter chain and database.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class UserPagesTests {

  @Autowired MockMvc mvc;
  @Autowired UserAccounts accounts;
  @Autowired JdbcClient jdbc;

  @Test
  void onlyAdminsSeeTheUsersPageAndAddUsersAndChangeRolesThere() throws Exception {
    mvc.perform(get("/users").accept(MediaType.TEXT_HTML)).andExpect(redirectedUrl("/login"));
    mvc.perform(get("/users").with(TestUsers.editor())).andExpect(status().isForbidden());
    String name = "pat-" + UUID.randomUUID().toString().substring(0, 8);
    mvc.perform(
            post("/users")
                .param("username", name)
                .param("password", "a long enough secret")
                .param("role", "viewer")
                .with(TestUsers.editor()))
        .andExpect(status().isForbidden());
    assertThat(role(name)).isNull();

    mvc.perform(
            post("/users")
                .param("username", name)
                .param("password", "a long enough secret")
                .param("role", "viewer")
                .with(TestUsers.admin()))
        .andExpect(redirectedUrl("/users"));
    assertThat(role(name)).isEqualTo("viewer");
    mvc.perform(
            post("/users")
                .param("username", name + "x")
                .param("password", "short")
                .param("role", "viewer")
                .with(TestUsers.admin()))
        .andExpect(flash().attribute("error", "password too short: at least 12 characters"));
    mvc.perform(get("/users").with(TestUsers.admin()))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("id=\"user-" + name + "\"")));

    mvc.perform(post("/users/{name}/role", name).param("role", "editor").with(TestUsers.editor()))
        .andExpect(status().isForbidden());
    mvc.perform(post("/users/{name}/role", name).param("role", "editor").with(TestUsers.admin()))
        .andExpect(redirectedUrl("/users"));
    assertThat(role(name)).isEqualTo("editor");
    mvc.perform(
            put("/api/users/{name}/role", name)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"role\":\"admin\"}")
                .with(TestUsers.admin()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.role").value("admin"));
    assertThat(role(name)).isEqualTo("admin");
  }

  @Test
  void aChangedRoleAppliesAtOnceBecauseTheUsersSessionsEnd() throws Exception {
    String name = "kim-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "the first password", Role.EDITOR, "test");
    MockHttpSession theirs = signIn(name, "the first password");
    mvc.perform(get("/account/password").session(theirs)).andExpect(status().isOk());

    mvc.perform(post("/users/{name}/role", name).param("role", "viewer").with(TestUsers.admin()))
        .andExpect(redirectedUrl("/users"));
    mvc.perform(get("/account/password").session(theirs))
        .andExpect(header().string("Location", "/login?expired"));
  }

  @Test
  void theLastAdminKeepsTheRole() throws Exception {
    String last =
        jdbc.sql("select min(username) from app_user where role = 'admin'")
            .query(String.class)
            .single();
    // Rolled back with the test: every other admin becomes an editor.
    jdbc.sql("update app_user set role = 'editor' where role = 'admin' and username <> ?")
        .param(last)
        .update();
    mvc.perform(post("/users/{name}/role", last).param("role", "editor").with(TestUsers.admin()))
        .andExpect(
            flash()
                .attribute(
                    "error", "'" + last + "' is the last admin: make another user admin first"));
    assertThat(role(last)).isEqualTo("admin");
  }

  @Test
  void everyoneSignedInChangesTheirPasswordOnAPageThatEndsTheirOtherSessions() throws Exception {
    mvc.perform(get("/account/password").accept(MediaType.TEXT_HTML))
        .andExpect(redirectedUrl("/login"));
    String name = "sam-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "the first password", Role.VIEWER, "test");
    MockHttpSession mine = signIn(name, "the first password");
    MockHttpSession borrowed = signIn(name, "the first password");

    mvc.perform(get("/account/password").session(mine))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("name=\"_csrf\"")));
    // Without its CSRF token the form is refused.
    mvc.perform(
            post("/account/password")
                .session(mine)
                .param("currentPassword", "the first password")
                .param("password", "a brand new password")
                .param("confirmPassword", "a brand new password"))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/account/password")
                .session(mine)
                .param("currentPassword", "not the password")
                .param("password", "a brand new password")
                .param("confirmPassword", "a brand new password")
                .with(csrf()))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("the current password is wrong")));
    mvc.perform(
            post("/account/password")
                .session(mine)
                .param("currentPassword", "the first password")
                .param("password", "aaaaaaaaaaaaaa")
                .param("confirmPassword", "aaaaaaaaaaaaaa")
                .with(csrf()))
        .andExpect(content().string(Matchers.containsString("password too simple")));

    mvc.perform(
            post("/account/password")
                .session(mine)
                .param("currentPassword", "the first password")
                .param("password", "a brand new password")
                .param("confirmPassword", "a brand new password")
                .with(csrf()))
        .andExpect(redirectedUrl("/account/password"));
    mvc.perform(get("/account/password").session(mine)).andExpect(status().isOk());
    mvc.perform(get("/account/password").session(borrowed))
        .andExpect(header().string("Location", "/login?expired"));
    signIn(name, "a brand new password");
  }

  private MockHttpSession signIn(String name, String password) throws Exception {
    MockHttpSession session = new MockHttpSession();
    mvc.perform(
            post("/login")
                .session(session)
                .param("username", name)
                .param("password", password)
                .with(csrf()))
        .andExpect(header().string("Location", "/"));
    return session;
  }

  private String role(String name) {
    return jdbc.sql("select role from app_user where username = ?")
        .param(name)
        .query(String.class)
        .optional()
        .orElse(null);
  }
}
