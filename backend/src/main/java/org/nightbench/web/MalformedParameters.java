package org.nightbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request whose query or form parameters cannot be decoded ({@code ?x=%}, {@code %zz})
 * with a one-line 400 and one WARN line. Left alone, the container throws when the first filter or
 * controller reads a parameter, and the servlet logs the failure at ERROR with a stack trace: a
 * stranger could fill the log with one line of curl.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class MalformedParameters extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(MalformedParameters.class);

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      // Parses the query (and a form body) once, here, where a failure can be answered.
      request.getParameterMap();
    } catch (IllegalStateException e) {
      // Tomcat's InvalidParameterException; only its class name and first line are worth a log.
      log.warn(
          "refused {} {}: malformed parameters ({})",
          request.getMethod(),
          abbreviated(request.getRequestURI()),
          e.getClass().getSimpleName());
      ProblemResponse.write(
          response, HttpStatus.BAD_REQUEST, "the request's parameters are not well-formed");
      return;
    }
    chain.doFilter(request, response);
  }

  /** The path as sent (still percent-encoded, so one line), cut to a length worth logging. */
  private static String abbreviated(String uri) {
    return uri.length() <= 200 ? uri : uri.substring(0, 200) + "…";
  }
}
