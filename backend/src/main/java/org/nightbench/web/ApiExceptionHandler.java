package org.nightbench.web;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;

/**
 * Answers errors of the JSON API as RFC 9457 problem details.
 *
 * <p>Limited to {@link RestController}s on purpose: page controllers keep Spring Boot's error
 * pages, which a browser can render. Ordered before {@link PageExceptionHandler}, which also
 * matches them (a RestController is a Controller).
 */
@RestControllerAdvice(annotations = RestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

  /** Bad input (an unparsable Lucene spec, an unknown profile) is the caller's to fix: a 400. */
  @ExceptionHandler(IllegalArgumentException.class)
  ProblemDetail badInput(IllegalArgumentException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
  }

  /**
   * A write that refers to what a concurrent request just deleted (a triage naming an annotation
   * being deleted), or breaks another rule of the schema: the caller's to retry or fix, a 409.
   */
  @ExceptionHandler(DataIntegrityViolationException.class)
  ProblemDetail conflict(DataIntegrityViolationException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, conflictLine(e));
  }

  /** One line for a write the schema refused, without the SQL or the values. */
  static String conflictLine(DataIntegrityViolationException e) {
    String text = String.valueOf(e.getMostSpecificCause().getMessage());
    if (text.contains("foreign key")) {
      return "the change refers to something that no longer exists (deleted meanwhile?):"
          + " reload and try again";
    }
    return "the change conflicts with what is stored: reload and try again";
  }

  /** A chunked body that ran past its limit while being read. */
  @ExceptionHandler(RequestBodyLimit.TooLarge.class)
  ProblemDetail tooLarge(RequestBodyLimit.TooLarge e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE, e.getMessage());
  }

  /** Malformed JSON, a float for an integer, a control character: one line naming it. */
  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof RequestBodyLimit.TooLarge tooLarge) {
        ProblemDetail body =
            ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE, tooLarge.getMessage());
        return handleExceptionInternal(e, body, headers, HttpStatus.CONTENT_TOO_LARGE, request);
      }
    }
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, unreadable(e));
    return handleExceptionInternal(e, body, headers, status, request);
  }

  /** Letters or an overflowing number where a number belongs: one line naming the parameter. */
  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, PageExceptionHandler.badValue(e));
    return handleExceptionInternal(e, body, headers, status, request);
  }

  static String unreadable(HttpMessageNotReadableException e) {
    if (e.getCause() instanceof JacksonException json) {
      String path = json.getPath().isEmpty() ? "" : " at " + path(json);
      return "bad JSON" + path + ": " + firstLine(json.getOriginalMessage());
    }
    return e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")
        ? "the request body is missing"
        : "unreadable request body: " + firstLine(e.getMessage());
  }

  /** {@code comparison.jvms} or {@code values[3]}: where in the body the problem is. */
  private static String path(JacksonException json) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference reference : json.getPath()) {
      if (reference.getPropertyName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "";
    }
    String line = text.lines().findFirst().orElse("");
    // Jackson adds how to enable what it refused: the caller cannot, so that part only confuses.
    int hint = line.indexOf(" (but could if");
    return hint > 0 ? line.substring(0, hint) : line;
  }
}
