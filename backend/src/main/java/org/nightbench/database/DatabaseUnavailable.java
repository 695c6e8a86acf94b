package org.nightbench.database;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.HtmlUtils;

/**
 * Answers 503 with one line and {@code Retry-After} when the database is away (PostgreSQL
 * restarting, unreachable), wherever the failure surfaced (a controller, a page's template, a
 * filter): never an empty 500. The API gets a problem detail, pages a line of HTML.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 5)
public class DatabaseUnavailable extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(DatabaseUnavailable.class);

  /** What the caller is told. */
  static final String MESSAGE = "the database is unreachable for a moment: try again shortly";

  /** When to try again, in seconds. */
  static final String RETRY_AFTER_SECONDS = "10";

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      chain.doFilter(request, response);
    } catch (ServletException | RuntimeException e) {
      if (!DatabaseOutage.is(e) || response.isCommitted()) {
        throw e;
      }
      log.warn("{} {}: {}", request.getMethod(), request.getRequestURI(), MESSAGE);
      response.reset();
      response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
      response.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      if (request.getRequestURI().startsWith("/api/")) {
        response.setContentType("application/problem+json");
        response
            .getWriter()
            .write(
                "{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":503,"
                    + "\"detail\":\""
                    + MESSAGE
                    + "\"}");
      } else {
        response.setContentType("text/html");
        response
            .getWriter()
            .write(
                "<!DOCTYPE html><html lang=\"en\"><title>503 · Nightbench</title><p>"
                    + HtmlUtils.htmlEscape(MESSAGE)
                    + "</p></html>\n");
      }
    }
  }
}
