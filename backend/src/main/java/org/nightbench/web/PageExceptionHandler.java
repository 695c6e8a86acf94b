package org.nightbench.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * Bad parameters on a page (an unknown state in {@code /alerts?state=evil}, letters where a number
 * belongs) get the error page with 400 and one line naming the problem, never a 500.
 */
@ControllerAdvice(annotations = Controller.class)
class PageExceptionHandler {

  static final String VIEW = "error";

  @ExceptionHandler(IllegalArgumentException.class)
  ModelAndView badInput(IllegalArgumentException e, HttpServletRequest request) {
    return badRequest(e.getMessage(), request);
  }

  @ExceptionHandler(TypeMismatchException.class)
  ModelAndView badValue(TypeMismatchException e, HttpServletRequest request) {
    return badRequest(badValue(e), request);
  }

  /**
   * One line naming the parameter, what it got (cut short: a parameter may be a megabyte) and what
   * it needs; the API's problem details say the same.
   */
  static String badValue(TypeMismatchException e) {
    String name = e.getPropertyName() == null ? "a parameter" : e.getPropertyName();
    String type =
        e.getRequiredType() == null ? "another type" : e.getRequiredType().getSimpleName();
    String value = String.valueOf(e.getValue());
    value = value.length() <= 40 ? value : value.substring(0, 40) + "…";
    return "bad value '" + value + "' for " + name + ": expected " + type;
  }

  @ExceptionHandler(DataIntegrityViolationException.class)
  ModelAndView conflict(DataIntegrityViolationException e, HttpServletRequest request) {
    return page(HttpStatus.CONFLICT, ApiExceptionHandler.conflictLine(e), request);
  }

  @ExceptionHandler(MissingServletRequestParameterException.class)
  ModelAndView missing(MissingServletRequestParameterException e, HttpServletRequest request) {
    return badRequest("missing parameter " + e.getParameterName(), request);
  }

  private static ModelAndView badRequest(String message, HttpServletRequest request) {
    return page(HttpStatus.BAD_REQUEST, message, request);
  }

  private static ModelAndView page(HttpStatus status, String message, HttpServletRequest request) {
    ModelAndView page = new ModelAndView(VIEW, status);
    page.addObject("status", status.value());
    page.addObject("error", status.getReasonPhrase());
    page.addObject("message", message);
    page.addObject("path", request.getRequestURI());
    return page;
  }
}
