package org.nightbench.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an RFC 9457 problem detail straight to a servlet response, for filters that answer before
 * any controller (and so any {@code @ExceptionHandler}) is reached.
 */
public final class ProblemResponse {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ProblemResponse() {}

  /** One line of {@code application/problem+json} with {@code status} and {@code detail}. */
  public static void write(HttpServletResponse response, HttpStatus status, String detail)
      throws IOException {
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("type", "about:blank");
    problem.put("title", status.getReasonPhrase());
    problem.put("status", status.value());
    problem.put("detail", detail);
    response.setStatus(status.value());
    response.setContentType("application/problem+json");
    response.setCharacterEncoding("UTF-8");
    response.getWriter().write(JSON.writeValueAsString(problem));
  }
}
