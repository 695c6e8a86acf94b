package org.nightbench.web;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Answers errors of the JSON API as RFC 9457 problem details.
 *
 * <p>Limited to {@link RestController}s on purpose: page controllers keep Spring Boot's error
 * pages, which a browser can render.
 */
@RestControllerAdvice(annotations = RestController.class)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

  /** Bad input (an unparsable Lucene spec, an unknown profile) is the caller's to fix: a 400. */
  @ExceptionHandler(IllegalArgumentException.class)
  ProblemDetail badInput(IllegalArgumentException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
  }
}
