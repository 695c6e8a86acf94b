package org.nightbench.users;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;

import org.springframework.test.web.servlet.request.RequestPostProcessor;

/** Requests as a signed-in user of a role would send them from a page: with a CSRF token. */
public final class TestUsers {

  private TestUsers() {}

  /** An editor, the least role that may change things. */
  public static RequestPostProcessor editor() {
    return request ->
        csrf().postProcessRequest(user("editor").roles("EDITOR").postProcessRequest(request));
  }

  /** A viewer: signed in, but may only read. */
  public static RequestPostProcessor viewer() {
    return request ->
        csrf().postProcessRequest(user("viewer").roles("VIEWER").postProcessRequest(request));
  }

  /** An admin. */
  public static RequestPostProcessor admin() {
    return request ->
        csrf().postProcessRequest(user("admin").roles("ADMIN").postProcessRequest(request));
  }
}
