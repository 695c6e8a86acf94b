package org.nightbench.web;

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
class ApiExceptionHandler extends ResponseEntityExceptionHandler {}
