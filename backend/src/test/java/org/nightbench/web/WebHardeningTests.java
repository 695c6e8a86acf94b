package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.nightbench.users.Role;
import org.nightbench.users.UserAccounts;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/**
 * What a hostile client gets from the running server: bodies over the cap refused before they are
 * read, bad parameters and bodies answered with a one-line 400 (pages and API), never a 500.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class WebHardeningTests {

  private static final String PASSWORD = "web hardening secret";

  private final HttpClient http = HttpClient.newHttpClient();

  @LocalServerPort int port;
  @Autowired UserAccounts accounts;

  @Test
  void aBodyOverTheCapIs413ByItsLengthAndWhenChunked() throws Exception {
    String big = "{\"values\":[" + "1,".repeat(200_000) + "1]}";
    HttpResponse<String> sized =
        post("/api/change-points/detect", BodyPublishers.ofString(big), null);
    assertThat(sized.statusCode()).isEqualTo(413);
    assertThat(sized.body()).doesNotContain("\n").contains("request body too large");

    // No Content-Length: the server learns the size only by counting what it reads.
    HttpResponse<String> chunked =
        post(
            "/api/change-points/detect",
            BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))),
            null);
    assertThat(chunked.statusCode()).isEqualTo(413);
    assertThat(chunked.body()).doesNotContain("\n").contains("request body too large");

    // A large import is allowed more: a 400 for its content, not a 413 for its size.
    String file = ("2024-01-01,x," + "y".repeat(200) + "\n").repeat(2_000) + "2024-13-01,bad\n";
    HttpResponse<String> imported =
        http.send(
            HttpRequest.newBuilder(uri("/api/annotations/import"))
                .header("Content-Type", "text/csv")
                .header("Authorization", basic(editor()))
                .POST(BodyPublishers.ofString(file))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(imported.statusCode()).isEqualTo(400);
    assertThat(imported.body()).contains("line 2001: bad date '2024-13-01'");

    // Nor does an import file smuggle a NUL past the JSON checks.
    HttpResponse<String> nul =
        http.send(
            HttpRequest.newBuilder(uri("/api/annotations/import"))
                .header("Content-Type", "text/csv")
                .header("Authorization", basic(editor()))
                .POST(BodyPublishers.ofString("2024-01-01,a\u0000b\n"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(nul.statusCode()).isEqualTo(400);
    assertThat(nul.body()).contains("line 1: short text contains the control character U+0000");
  }

  @Test
  void theDetectorTakesAtMostTenThousandValues() throws Exception {
    HttpResponse<String> tooMany = detect(10_001);
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(tooMany.body()).contains("too many values: 10001, at most 10000");

    HttpResponse<String> most = detect(10_000);
    assertThat(most.statusCode()).isEqualTo(200);
    assertThat(most.body()).contains("\"points\":10000");
  }

  @Test
  void unknownEnumValuesOnPagesAreA400PageNamingTheProblem() throws Exception {
    HttpResponse<String> state = get("/alerts?state=evil", "text/html");
    assertThat(state.statusCode()).isEqualTo(400);
    assertThat(state.body()).contains("Bad Request", "unknown");

    HttpResponse<String> direction = get("/alerts?direction=x", "text/html");
    assertThat(direction.statusCode()).isEqualTo(400);
    assertThat(direction.body())
        .contains("unknown direction &#39;x&#39;: use regression or improvement");

    HttpResponse<String> number = get("/alerts?minChangePercent=lots", "text/html");
    assertThat(number.statusCode()).isEqualTo(400);
    assertThat(number.body()).contains("bad value &#39;lots&#39; for minChangePercent");

    HttpResponse<String> api = get("/api/change-points?direction=x", "application/json");
    assertThat(api.statusCode()).isEqualTo(400);
    assertThat(api.body()).doesNotContain("\n").contains("unknown direction 'x'");
  }

  @Test
  void limitsOutOfRangeAndNumbersThatAreNotFiniteAre400s() throws Exception {
    for (String path :
        List.of(
            "/api/runs?limit=-1",
            "/api/runs?limit=2147483647",
            "/api/runs/recent.csv?limit=0",
            "/api/comparisons?limit=-1",
            "/api/change-points?limit=-1",
            "/api/change-points?minChange=NaN",
            "/api/change-points/alerts.csv?minChange=-Infinity")) {
      // As a browser or curl asks: a CSV link's error must still be a 400, not a 406 or 500.
      HttpResponse<String> api = get(path, "*/*");
      assertThat(api.statusCode()).as(path).isEqualTo(400);
      assertThat(api.body()).as(path).doesNotContain("\n").containsPattern("limit|minChange");
    }
    HttpResponse<String> overflow = get("/api/runs?limit=" + "1".repeat(60), "*/*");
    assertThat(overflow.statusCode()).isEqualTo(400);
    assertThat(overflow.body()).contains("\"detail\":\"bad value '1111", "for limit: expected int");
    HttpResponse<String> page = get("/alerts?minChangePercent=1e999", "text/html");
    assertThat(page.statusCode()).isEqualTo(400);
    assertThat(page.body()).contains("minChangePercent must be a finite number");
    assertThat(get("/api/runs?limit=20", "application/json").statusCode()).isEqualTo(200);
  }

  @Test
  void aNulByteInAParameterIsA400() throws Exception {
    HttpResponse<String> page = get("/alerts?benchmark=a%00b", "text/html");
    assertThat(page.statusCode()).isEqualTo(400);
    HttpResponse<String> api = get("/api/change-points?machine=a%00b", "application/json");
    assertThat(api.statusCode()).isEqualTo(400);
  }

  @Test
  void badJsonBodiesAreOneLine400sNamingTheProblem() throws Exception {
    String editor = editor();
    HttpResponse<String> nul =
        postJson(
            "/api/annotations",
            "{\"at\":\"2024-03-01\",\"shortText\":\"a\\u0000b\",\"scope\":\"all\"}",
            editor);
    assertThat(nul.statusCode()).isEqualTo(400);
    assertThat(nul.body())
        .doesNotContain("\n")
        .contains(
            "bad JSON at shortText: text contains the control character U+0000 at position 1");

    HttpResponse<String> escape =
        postJson(
            "/api/annotations",
            "{\"at\":\"2024-03-01\",\"shortText\":\"x\",\"longText\":\"\\u001b[2J\"}",
            editor);
    assertThat(escape.statusCode()).isEqualTo(400);
    assertThat(escape.body()).contains("bad JSON at longText", "U+001B");

    HttpResponse<String> fraction =
        postJson(
            "/api/comparisons",
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\",\"jvms\":2.5}",
            editor);
    assertThat(fraction.statusCode()).isEqualTo(400);
    assertThat(fraction.body()).doesNotContain("\n").contains("bad JSON at jvms", "2.5");

    HttpResponse<String> text =
        postJson(
            "/api/comparisons",
            "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:9.12.3\",\"jvms\":\"3\"}",
            editor);
    assertThat(text.statusCode()).isEqualTo(400);
    assertThat(text.body()).doesNotContain("\n").contains("bad JSON at jvms");

    for (String invisible : List.of("\\u0085", "\\u2028", "\\u202E")) {
      HttpResponse<String> separator =
          postJson(
              "/api/annotations",
              "{\"at\":\"2024-03-01\",\"shortText\":\"a" + invisible + "b\",\"scope\":\"all\"}",
              editor);
      assertThat(separator.statusCode()).as(invisible).isEqualTo(400);
      assertThat(separator.body()).contains("bad JSON at shortText", "control character");
    }

    HttpResponse<String> malformed = postJson("/api/annotations", "{\"at\":", editor);
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(malformed.body()).doesNotContain("\n").contains("bad JSON");

    HttpResponse<String> wrongType =
        post("/api/change-points/detect", BodyPublishers.ofString("{\"values\":\"many\"}"), null);
    assertThat(wrongType.statusCode()).isEqualTo(400);
    assertThat(wrongType.body()).contains("bad JSON at values");

    // Unknown properties stay tolerated.
    HttpResponse<String> extra =
        post(
            "/api/change-points/detect",
            BodyPublishers.ofString("{\"values\":[1,2,3],\"colour\":\"blue\"}"),
            null);
    assertThat(extra.statusCode()).isEqualTo(200);
  }

  @Test
  void theSessionCookieIsSameSiteLax() throws Exception {
    String name = editor();
    HttpResponse<String> loginPage = get("/login", "text/html");
    String cookie = loginPage.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    Matcher field = Pattern.compile("<input[^>]*name=\"_csrf\"[^>]*>").matcher(loginPage.body());
    assertThat(field.find()).isTrue();
    String token = field.group().replaceAll(".*value=\"([^\"]+)\".*", "$1");
    HttpResponse<String> signedIn =
        http.send(
            HttpRequest.newBuilder(uri("/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", cookie)
                .POST(
                    BodyPublishers.ofString(
                        "username="
                            + name
                            + "&password="
                            + PASSWORD.replace(' ', '+')
                            + "&_csrf="
                            + token))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(signedIn.statusCode()).isEqualTo(302);
    assertThat(signedIn.headers().firstValue("Location"))
        .hasValueSatisfying(location -> assertThat(location).doesNotContain("error"));
    assertThat(signedIn.headers().allValues("Set-Cookie"))
        .anySatisfy(
            setCookie -> assertThat(setCookie).startsWith("JSESSIONID=").contains("SameSite=Lax"));
  }

  private HttpResponse<String> detect(int count) throws Exception {
    String values =
        IntStream.range(0, count)
            .mapToObj(i -> String.valueOf(100 + i % 7))
            .collect(Collectors.joining(","));
    return post(
        "/api/change-points/detect",
        BodyPublishers.ofString("{\"values\":[" + values + "]}"),
        null);
  }

  private String editor() {
    String name = "web-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(name, PASSWORD, Role.EDITOR, "test");
    return name;
  }

  private static String basic(String name) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((name + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> postJson(String path, String json, String user)
      throws IOException, InterruptedException {
    return post(path, BodyPublishers.ofString(json), user);
  }

  private HttpResponse<String> post(String path, BodyPublisher body, String user)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(body);
    if (user != null) {
      request.header("Authorization", basic(user));
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path, String accept)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(uri(path)).header("Accept", accept).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }
}
