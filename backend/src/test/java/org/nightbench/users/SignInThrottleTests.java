package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.transaction.annotation.Transactional;

/**
 * Repeated failed sign-ins through the whole filter chain: refused unchecked once over the limit
 * (429 for HTTP Basic, an error on the sign-in page), audited in the database.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class SignInThrottleTests {

  private static final String PASSWORD = "the right password";

  @Autowired MockMvc mvc;
  @Autowired UserAccounts accounts;
  @Autowired JdbcClient jdbc;

  @Test
  void basicFailuresOverTheLimitAreAnswered429EvenWithTheRightPasswordAndAudited()
      throws Exception {
    String name = newAdmin();
    String address = randomAddress();
    for (int i = 0; i < 5; i++) {
      mvc.perform(get("/api/users").with(httpBasic(name, "guess " + i)).with(from(address)))
          .andExpect(status().isUnauthorized());
    }
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
        .andExpect(status().isTooManyRequests())
        .andExpect(header().exists("Retry-After"))
        .andExpect(jsonPath("$.detail").value(containsString("Too many failed sign-ins")));
    // The same user elsewhere is not locked out by what one address did.
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(randomAddress())))
        .andExpect(status().isOk());

    assertThat(audit(name))
        .containsExactly(
            "failure " + address,
            "failure " + address,
            "failure " + address,
            "failure " + address,
            "failure " + address,
            "throttled " + address);
  }

  @Test
  void theSignInFormSaysSoOnceThrottled() throws Exception {
    String name = newAdmin();
    String address = randomAddress();
    for (int i = 0; i < 5; i++) {
      mvc.perform(
              post("/login")
                  .param("username", name)
                  .param("password", "guess " + i)
                  .with(csrf())
                  .with(from(address)))
          .andExpect(redirectedUrl("/login?error"));
    }
    MockHttpSession session = new MockHttpSession();
    mvc.perform(
            post("/login")
                .param("username", name)
                .param("password", PASSWORD)
                .session(session)
                .with(csrf())
                .with(from(address)))
        .andExpect(redirectedUrl("/login?error"));
    mvc.perform(get("/login?error").session(session))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("Too many failed sign-ins")));
    assertThat(audit(name)).hasSize(6).last().isEqualTo("throttled " + address);
  }

  @Test
  void anAddressSprayingPasswordsOverManyUsersIsThrottledForEveryUser() throws Exception {
    String address = randomAddress();
    for (int i = 0; i < 20; i++) {
      mvc.perform(get("/api/users").with(httpBasic("nobody-" + i, "guess")).with(from(address)))
          .andExpect(status().isUnauthorized());
    }
    String name = newAdmin();
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
        .andExpect(status().isTooManyRequests());
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(randomAddress())))
        .andExpect(status().isOk());
  }

  @Test
  void othersFailuresFromTheSameAddressNeverRefuseAUsersRightPassword() throws Exception {
    String name = newAdmin();
    String address = randomAddress();
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
        .andExpect(status().isOk());
    // Behind one address: someone sprays names and guesses the admin's password.
    for (int i = 0; i < 20; i++) {
      mvc.perform(get("/api/users").with(httpBasic("nobody-" + i, "guess")).with(from(address)))
          .andExpect(status().isUnauthorized());
    }
    for (int i = 0; i < 5; i++) {
      mvc.perform(get("/api/users").with(httpBasic(name, "guess " + i)).with(from(address)))
          .andExpect(status().isUnauthorized());
    }

    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
        .andExpect(status().isOk());
    // A name that never signed in here is still slowed.
    mvc.perform(get("/api/users").with(httpBasic(newAdmin(), PASSWORD)).with(from(address)))
        .andExpect(status().isTooManyRequests());
  }

  private String newAdmin() {
    String name = "throttle-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, PASSWORD, Role.ADMIN, "test");
    return name;
  }

  private List<String> audit(String name) {
    return jdbc.sql(
            "select outcome || ' ' || address from sign_in_audit where username = ? order by id")
        .param(name)
        .query(String.class)
        .list();
  }

  /** Each test from addresses of its own, so the per-address counts do not meet across tests. */
  private static String randomAddress() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return "10." + random.nextInt(256) + "." + random.nextInt(256) + "." + random.nextInt(1, 255);
  }

  private static RequestPostProcessor from(String address) {
    return request -> {
      request.setRemoteAddr(address);
      return request;
    };
  }
}
