package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Which address a sign-in is counted and audited under, on a real server: the connection's,
 * whatever {@code X-Forwarded-For} says, unless the operator opted in to trusting a reverse proxy.
 */
class ForwardedAddressTests {

  /** The default: a client cannot choose the address its failures are counted under. */
  @Nested
  @SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
  @ActiveProfiles("test")
  class WithoutAProxy {
    @LocalServerPort int port;
    @Autowired JdbcClient jdbc;

    @Test
    void aForwardedHeaderIsIgnored() throws Exception {
      String name = "forwarded-" + UUID.randomUUID().toString().substring(0, 8);
      assertThat(failedSignIn(port, name, "203.0.113.9")).isEqualTo(401);
      assertThat(auditedAddresses(jdbc, name)).containsExactly("127.0.0.1");
    }
  }

  /** Opted in, with the proxy (here: localhost) named as the one to trust. */
  @Nested
  @SpringBootTest(
      webEnvironment = WebEnvironment.RANDOM_PORT,
      properties = {
        "server.forward-headers-strategy=native",
        "server.tomcat.remoteip.internal-proxies=127\\\\.0\\\\.0\\\\.1"
      })
  @ActiveProfiles("test")
  class BehindATrustedProxy {
    @LocalServerPort int port;
    @Autowired JdbcClient jdbc;

    @Test
    void theClientsAddressFromTheProxyIsUsed() throws Exception {
      String name = "forwarded-" + UUID.randomUUID().toString().substring(0, 8);
      assertThat(failedSignIn(port, name, "203.0.113.9")).isEqualTo(401);
      assertThat(auditedAddresses(jdbc, name)).containsExactly("203.0.113.9");
    }
  }

  static int failedSignIn(int port, String name, String forwardedFor) throws Exception {
    String credentials =
        Base64.getEncoder()
            .encodeToString((name + ":wrong password").getBytes(StandardCharsets.UTF_8));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/users/me/password"))
            .header("Authorization", "Basic " + credentials)
            .header("X-Forwarded-For", forwardedFor)
            .GET()
            .build();
    return HttpClient.newHttpClient()
        .send(request, HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  static List<String> auditedAddresses(JdbcClient jdbc, String name) {
    return jdbc.sql("select address from sign_in_audit where username = ? order by id")
        .param(name)
        .query(String.class)
        .list();
  }
}
