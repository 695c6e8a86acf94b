package org.nightbench.users;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
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
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A write without credentials is a 401 with a Basic challenge and one line, not a bare 403, and the
 * API description says which operations need HTTP Basic.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class SignInChallengeTests {

  private static final String RUN = "{\"luceneSpec\":\"maven:9.12.3\"}";

  @Autowired MockMvc mvc;
  @Autowired UserAccounts accounts;
  @Autowired JdbcClient jdbc;

  @Test
  void anAnonymousWriteWithoutCsrfTokenIsChallengedForBasic() throws Exception {
    mvc.perform(post("/api/runs").contentType(MediaType.APPLICATION_JSON).content(RUN))
        .andExpect(status().isUnauthorized())
        .andExpect(header().string("WWW-Authenticate", "Basic realm=\"Nightbench\""))
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.detail").value(SignInChallenge.SIGN_IN_FIRST));
    mvc.perform(get("/api/users"))
        .andExpect(status().isUnauthorized())
        .andExpect(header().exists("WWW-Authenticate"));
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(httpBasic("nobody-at-all", "not a password")))
        .andExpect(status().isUnauthorized())
        .andExpect(header().exists("WWW-Authenticate"))
        .andExpect(jsonPath("$.detail").value("wrong username or password"));
  }

  @Test
  void cachedBasicCredentialsOnAnotherSitesFormStillNeedTheCsrfToken() throws Exception {
    String name = "basic-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "correct horse battery", Role.EDITOR, "test");
    try {
      // A bad spec: reaching the controller (400) means the CSRF check let the request by.
      String bad = "{\"luceneSpec\":\"nope\"}";
      // A browser that answered the challenge once sends the credentials with forged forms too.
      mvc.perform(
              post("/api/runs")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content(bad)
                  .header("Sec-Fetch-Site", "cross-site")
                  .with(httpBasic(name, "correct horse battery")))
          .andExpect(status().isForbidden())
          .andExpect(jsonPath("$.detail").value(Matchers.startsWith("the CSRF token")));
      // The same credentials from Swagger's page on this origin, or from curl, need no token.
      for (String site : new String[] {"same-origin", null}) {
        mvc.perform(
                post("/api/runs")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(bad)
                    .with(
                        request -> {
                          if (site != null) {
                            request.addHeader("Sec-Fetch-Site", site);
                          }
                          return request;
                        })
                    .with(httpBasic(name, "correct horse battery")))
            .andExpect(status().isBadRequest());
      }
    } finally {
      jdbc.sql("delete from app_user where username = ?").param(name).update();
    }
  }

  @Test
  void pagesAndTheirScriptsAreNotChallenged() throws Exception {
    // A page's script whose session ended: no Basic challenge, or the browser pops up a dialog.
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .header("X-CSRF-TOKEN", "stale"))
        .andExpect(status().isUnauthorized())
        .andExpect(header().doesNotExist("WWW-Authenticate"));
    // A form posted from a page goes to sign in, token or not.
    mvc.perform(post("/runs/1/cancel").accept(MediaType.TEXT_HTML))
        .andExpect(redirectedUrl("/login"));
    // Signed in without the token: a 403, as a problem detail on the API.
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden())
        .andExpect(jsonPath("$.detail").value(Matchers.startsWith("the CSRF token")));
    mvc.perform(
            post("/api/runs")
                .contentType(MediaType.APPLICATION_JSON)
                .content(RUN)
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden())
        .andExpect(jsonPath("$.detail").value("your role may not do this"));
  }

  @Test
  void theApiDescriptionDeclaresBasicOnTheOperationsThatNeedIt() throws Exception {
    mvc.perform(get("/api/openapi"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.components.securitySchemes.basicAuth.type").value("http"))
        .andExpect(jsonPath("$.components.securitySchemes.basicAuth.scheme").value("basic"))
        .andExpect(jsonPath("$.paths['/api/runs'].post.security[0].basicAuth").isArray())
        .andExpect(jsonPath("$.paths['/api/runs'].post.responses['401']").exists())
        .andExpect(jsonPath("$.paths['/api/runs'].get.security").doesNotExist())
        .andExpect(jsonPath("$.paths['/api/users'].get.security[0].basicAuth").isArray())
        .andExpect(jsonPath("$.paths['/api/change-points/detect'].post.security").doesNotExist());
  }
}
