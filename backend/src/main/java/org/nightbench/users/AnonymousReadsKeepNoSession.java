package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;

/**
 * CSRF tokens kept in the session, as Spring Security keeps them, except that a page read by
 * someone without a session (an anonymous reader) does not start one to keep the token a form on it
 * carries: 85 anonymous reads a second would otherwise hold 150,000 sessions after 30 minutes. Such
 * a reader may not write anyway; the sign-in page, where one is about to sign in, keeps its token
 * (and so starts a session) as before.
 */
final class AnonymousReadsKeepNoSession implements CsrfTokenRepository {

  private final HttpSessionCsrfTokenRepository sessions = new HttpSessionCsrfTokenRepository();

  @Override
  public CsrfToken generateToken(HttpServletRequest request) {
    return sessions.generateToken(request);
  }

  @Override
  public void saveToken(CsrfToken token, HttpServletRequest request, HttpServletResponse response) {
    if (token != null && request.getSession(false) == null && anonymousRead(request)) {
      return;
    }
    sessions.saveToken(token, request, response);
  }

  @Override
  public CsrfToken loadToken(HttpServletRequest request) {
    return sessions.loadToken(request);
  }

  private static boolean anonymousRead(HttpServletRequest request) {
    String method = request.getMethod();
    return ("GET".equals(method) || "HEAD".equals(method))
        && !request.getRequestURI().equals("/login");
  }
}
