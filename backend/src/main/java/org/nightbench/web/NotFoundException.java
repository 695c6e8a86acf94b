package org.nightbench.web;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * Something asked for by id does not exist: a problem JSON 404 on the API, the 404 page elsewhere.
 */
public class NotFoundException extends ErrorResponseException {

  public NotFoundException(String detail) {
    super(
        HttpStatus.NOT_FOUND, ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, detail), null);
  }
}
