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

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
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
    mvc.perform(
            post("/login")
                .param("username", name)
                .param("password", PASSWORD)
                .with(csrf())
                .with(from(address)))
        .andExpect(redirectedUrl("/login?error=throttled"));
    // The reason is in the address: no session is started to carry it.
    mvc.perform(get("/login?error=throttled"))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("Too many failed sign-ins")));
    assertThat(audit(name)).hasSize(6).last().isEqualTo("throttled " + address);
  }

  @Test
  void anAddressSprayingNamesRefusesNoRightPasswordNotEvenANewcomers() throws Exception {
    String address = randomAddress();
    for (int i = 0; i < 20; i++) {
      mvc.perform(get("/api/users").with(httpBasic("nobody-" + i, "guess")).with(from(address)))
          .andExpect(status().isUnauthorized());
    }
    // Created after those failures, signing in for the first time from the same address.
    String name = newAdmin();
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
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
  }

  @Test
  void whereAUserSignsInIsKeptInTheDatabaseSoARestartLocksNobodyOut() throws Exception {
    String name = newAdmin();
    String address = randomAddress();
    mvc.perform(get("/api/users").with(httpBasic(name, PASSWORD)).with(from(address)))
        .andExpect(status().isOk());
    assertThat(
            jdbc.sql("select count(*) from sign_in_known_pair where username = ? and address = ?")
                .params(name, address)
                .query(Long.class)
                .single())
        .isOne();

    // A restarted app: a throttle with nothing in memory, the same database.
    SignInThrottle restarted =
        new SignInThrottle(
            new SignInThrottle.Limits(5, 50, Duration.ofMinutes(15)),
            Ticker.systemTicker(),
            new StoredKnownPairs(jdbc, Duration.ofDays(30)));
    for (int i = 0; i < 50; i++) {
      restarted.failed(name, randomAddress());
    }
    assertThat(restarted.blocked(name, address)).as("the admin's own address").isFalse();
    assertThat(restarted.blocked(name, randomAddress())).as("anywhere else").isTrue();
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
