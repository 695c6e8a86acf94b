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

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  void theUsersPageListsAHundredAPageByName() throws Exception {
    String prefix = "paged-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    jdbc.sql(
            "insert into app_user (username, password_hash, role, created_by)"
                + " select ? || lpad(i::text, 3, '0'), 'x', 'viewer', 'test'"
                + " from generate_series(1, 150) i")
        .param(prefix)
        .update();
    List<String> everyone =
        jdbc.sql("select username from app_user order by username").query(String.class).list();

    // Page after page by the "next" link, a hundred at most each: every user once, by name.
    List<String> listed = new ArrayList<>();
    String next = "/users";
    int pages = 0;
    while (next != null) {
      String html =
          mvc.perform(get(next).with(TestUsers.admin()))
              .andExpect(status().isOk())
              .andReturn()
              .getResponse()
              .getContentAsString();
      List<String> page = matches(html, "<tr id=\"user-([^\"]+)\"");
      assertThat(page).hasSizeLessThanOrEqualTo(UserPagesController.PAGE_SIZE).isNotEmpty();
      listed.addAll(page);
      pages++;
      List<String> links = matches(html, "href=\"([^\"]+)\" rel=\"next\"");
      next = links.isEmpty() ? null : links.get(0).replace("&amp;", "&");
      assertThat(pages).isLessThanOrEqualTo(everyone.size() / UserPagesController.PAGE_SIZE + 1);
    }
    assertThat(listed).containsExactlyElementsOf(everyone);
    assertThat(pages).isGreaterThanOrEqualTo(2);
    mvc.perform(get("/users").param("page", "2").with(TestUsers.admin()))
        .andExpect(content().string(Matchers.containsString("page=1\" rel=\"prev\"")));

    for (String page : new String[] {"0", "10001", "x"}) {
      mvc.perform(get("/users").param("page", page).with(TestUsers.admin()))
          .andExpect(status().isBadRequest());
    }
  }

  private static List<String> matches(String html, String regex) {
    List<String> found = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(html);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
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
