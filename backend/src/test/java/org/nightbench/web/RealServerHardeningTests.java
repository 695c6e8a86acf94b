package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.nightbench.users.Role;
import org.nightbench.users.UserAccounts;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * What only the real server shows: the headers Tomcat writes. An anonymous reader gets no session
 * cookie, even on a page with a form, the sign-in page and a page that sends one to sign in; a
 * redirect names a path, never the host the request's Host header claimed; parameters the container
 * cannot decode, and a header over Tomcat's limit, are a 400 and one WARN line, not a logged stack
 * trace.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class RealServerHardeningTests {

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired UserAccounts accounts;

  @Test
  void anAnonymousReaderGetsNoSession() throws Exception {
    // An alert, so that /alerts renders its triage form, whose CSRF token would start a session.
    long changePoint = changePoint();
    try {
      String alerts = exchange("GET /alerts HTTP/1.1\r\nHost: localhost\r\n");
      assertThat(alerts).as("the triage form with its token").contains("id=\"alert-triage\"");
      for (String page : new String[] {"/alerts", "/", "/runs", "/comparisons"}) {
        String answer = exchange("GET " + page + " HTTP/1.1\r\nHost: localhost\r\n");
        assertThat(answer).as(page).startsWith("HTTP/1.1 200");
        assertThat(answer.toLowerCase(java.util.Locale.ROOT))
            .as(page)
            .doesNotContain("set-cookie: jsessionid");
      }
    } finally {
      jdbc.sql("delete from change_point where id = ?").param(changePoint).update();
    }
  }

  @Test
  void theSignInPagesStartNoSessionAndSigningInStillReturnsToTheAskedPage() throws Exception {
    for (String page : new String[] {"/login", "/login?error", "/users", "/account/password"}) {
      String answer =
          exchange("GET " + page + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n");
      assertThat(answer.toLowerCase(java.util.Locale.ROOT))
          .as(page)
          .doesNotContain("set-cookie: jsessionid");
    }
    String name = "real-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, "real server sign in", Role.ADMIN, "test");
    String asked = exchange("GET /users HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n");
    assertThat(asked).startsWith("HTTP/1.1 302");
    String remembered = between(asked, "REDIRECT_URI=", ";");
    String page = exchange("GET /login HTTP/1.1\r\nHost: localhost\r\n");
    String token = between(page, "name=\"_csrf\" value=\"", "\"");
    String cookies =
        "Cookie: REDIRECT_URI="
            + remembered
            + "; NB-SIGN-IN-CSRF="
            + between(page, "NB-SIGN-IN-CSRF=", ";")
            + "\r\n";

    String wrong = signIn(cookies, name, "wrong", token);
    assertThat(wrong).startsWith("HTTP/1.1 302").contains("/login?error");
    assertThat(wrong.toLowerCase(java.util.Locale.ROOT)).doesNotContain("set-cookie: jsessionid");
    String noToken = signIn("", name, "real server sign in", token);
    assertThat(noToken).as("no token cookie, no sign-in").doesNotContain("JSESSIONID");

    String right = signIn(cookies, name, "real server sign in", token);
    assertThat(right).startsWith("HTTP/1.1 302").contains("JSESSIONID=");
    assertThat(right.lines().filter(line -> line.toLowerCase().startsWith("location:")))
        .singleElement()
        .satisfies(location -> assertThat(location).endsWith(": /users"));
    // A Host header of the client's choosing is never where the asked page is sent back to.
    String form = "username=" + name + "&password=real+server+sign+in&_csrf=" + token;
    String evil =
        exchange(
            "POST /login HTTP/1.1\r\nHost: evil.example\r\n"
                + cookies
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                + form.length()
                + "\r\n",
            form);
    assertThat(evil).startsWith("HTTP/1.1 302").doesNotContain("evil.example");
  }

  private String signIn(String cookies, String name, String password, String token)
      throws Exception {
    String form =
        "username=" + name + "&password=" + password.replace(' ', '+') + "&_csrf=" + token;
    return exchange(
        "POST /login HTTP/1.1\r\nHost: localhost\r\n"
            + cookies
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
            + form.length()
            + "\r\n",
        form);
  }

  @Test
  void aRedirectNeverNamesTheHostTheClientClaimed() throws Exception {
    String page = exchange("GET /login HTTP/1.1\r\nHost: localhost\r\n");
    String session = between(page, "NB-SIGN-IN-CSRF=", ";");
    String token = between(page, "name=\"_csrf\" value=\"", "\"");
    String form = "username=nobody&password=wrong+password&_csrf=" + token;
    String answer =
        exchange(
            "POST /login HTTP/1.1\r\nHost: evil.example\r\nCookie: NB-SIGN-IN-CSRF="
                + session
                + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                + form.length()
                + "\r\n",
            form);
    assertThat(answer).startsWith("HTTP/1.1 302");
    String location =
        answer
            .lines()
            .filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith("location:"))
            .findFirst()
            .orElseThrow();
    assertThat(location).doesNotContain("evil.example").contains(": /");
  }

  @Test
  @ExtendWith(OutputCaptureExtension.class)
  void malformedParametersAreOneLineOf400AndOneWarning(CapturedOutput output) throws Exception {
    for (String target : new String[] {"/runs?x=%", "/series?q=%zz", "/api/runs?limit=%E0%A4%A"}) {
      String answer = exchange("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n");
      assertThat(answer).as(target).startsWith("HTTP/1.1 400");
      assertThat(answer).as(target).contains("the request's parameters are not well-formed");
    }
    assertThat(output.getOut()).contains("malformed parameters (InvalidParameterException)");
    assertThat(output.getOut())
        .doesNotContain("Servlet.service()")
        .doesNotContain("DecodeException");
  }

  @Test
  @ExtendWith(OutputCaptureExtension.class)
  void aHeaderTooLargeIsA400AndOneWarningWithoutATrace(CapturedOutput output) throws Exception {
    String answer =
        exchange("GET /runs HTTP/1.1\r\nHost: localhost\r\nX-Big: " + "a".repeat(20_000) + "\r\n");
    assertThat(answer).startsWith("HTTP/1.1 400");
    // Tomcat logs only the first such failure of a JVM at INFO (later ones at DEBUG), so whether
    // the request above logged anything depends on the tests before it; its record is replayed.
    org.slf4j.LoggerFactory.getLogger(UnparsableRequests.TOMCAT_LOGGER)
        .info(
            "Error parsing HTTP request header",
            new IllegalArgumentException("Request header is too large"));
    assertThat(output.getOut())
        .contains("refused a request Tomcat could not parse (400): Request header is too large")
        .doesNotContain("Error parsing HTTP request header")
        .doesNotContain("at org.apache.coyote")
        .doesNotContain("IllegalArgumentException");
  }

  /** An untriaged regression on a series and run of its own; returns its id. */
  private long changePoint() {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'anonymous-read', 'Term', 'qps',"
                    + " 'queries/s', true, 'bench-1', '21', 'wikimedium10k', 'nightly')"
                    + " returning id")
            .param(java.util.UUID.randomUUID().toString())
            .query(Long.class)
            .single();
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " values ('maven:10.0.0', '10.0.0', 'bench-1', 'nightly', 'wikimedium10k',"
                    + " 'succeeded') returning id")
            .query(Long.class)
            .single();
    return jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction) values (?, ?, now(), 10, 12.5, 0.25, 'regression')"
                + " returning id")
        .params(series, run)
        .query(Long.class)
        .single();
  }

  private static String between(String text, String before, String after) {
    int start = text.indexOf(before);
    assertThat(start).as("%s in the answer", before).isNotNegative();
    start += before.length();
    return text.substring(start, text.indexOf(after, start));
  }

  private String exchange(String head) throws Exception {
    return exchange(head, "");
  }

  /** One request on its own connection (Connection: close); the whole answer as text. */
  private String exchange(String head, String body) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write((head + "Connection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      return answer.toString(StandardCharsets.UTF_8);
    }
  }
}
