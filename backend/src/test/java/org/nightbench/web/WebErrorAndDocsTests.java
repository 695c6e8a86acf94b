package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a real client gets from the running server: the 404 page, problem JSON, the API docs. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class WebErrorAndDocsTests {

  private final HttpClient http = HttpClient.newHttpClient();

  @LocalServerPort int port;

  @Test
  void unknownSeriesPageIsTheNotFoundPage() throws Exception {
    HttpResponse<String> response = get("/series/" + Long.MAX_VALUE, "text/html");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
    assertThat(response.body()).contains("Not found", "Nightbench", "All series");
  }

  @Test
  void unknownSeriesOnTheApiIsOneLineOfProblemJson() throws Exception {
    HttpResponse<String> response =
        get("/api/series/" + Long.MAX_VALUE + "/points", "application/json");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(response.body())
        .doesNotContain("\n")
        .contains("\"status\":404", "No series " + Long.MAX_VALUE);
  }

  @Test
  void openApiDescribesTheApiButNotThePages() throws Exception {
    HttpResponse<String> response = get("/api/openapi", "application/json");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body())
        .contains(
            "Nightbench API",
            "/api/series",
            "/api/series/{id}",
            "/api/series/{id}/points",
            "Series")
        .doesNotContain("\"/series/{id}\"", "\"/\":");
    // Points are documented as what they are on the wire: arrays of arrays, not objects.
    JsonNode points =
        JsonMapper.builder()
            .build()
            .readTree(response.body())
            .at("/components/schemas/SeriesPoints/properties/points");
    assertThat(String.valueOf(points.get("type"))).isEqualTo("\"array\"");
    assertThat(String.valueOf(points.at("/items/type"))).isEqualTo("\"array\"");
  }

  private HttpResponse<String> get(String path, String accept)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .header("Accept", accept)
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
