package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.web.util.WebUtils;

/**
 * CSRF tokens kept in the session, as Spring Security keeps them, except that a request without a
 * session (an anonymous reader, a write refused for its missing token) never starts one to keep a
 * token: 85 anonymous reads a second would otherwise hold 150,000 sessions after 30 minutes. Such a
 * reader may not write anyway. The sign-in page read without a session keeps its form's token in an
 * HttpOnly cookie sent back to {@code /login} only, so signing in needs no session before it
 * succeeds.
 */
final class AnonymousReadsKeepNoSession implements CsrfTokenRepository {

  static final String SIGN_IN_COOKIE = "NB-SIGN-IN-CSRF";

  private final HttpSessionCsrfTokenRepository sessions = new HttpSessionCsrfTokenRepository();
  private final CookieCsrfTokenRepository signInCookie = new CookieCsrfTokenRepository();

  AnonymousReadsKeepNoSession() {
    signInCookie.setCookieName(SIGN_IN_COOKIE);
    signInCookie.setCookiePath("/login");
    signInCookie.setCookieCustomizer(cookie -> cookie.sameSite("Lax").httpOnly(true));
  }

  @Override
  public CsrfToken generateToken(HttpServletRequest request) {
    return sessions.generateToken(request);
  }

  @Override
  public void saveToken(CsrfToken token, HttpServletRequest request, HttpServletResponse response) {
    if (token == null) {
      sessions.saveToken(null, request, response);
      if (WebUtils.getCookie(request, SIGN_IN_COOKIE) != null) {
        signInCookie.saveToken(null, request, response);
      }
      return;
    }
    if (request.getSession(false) == null) {
      // Nobody signed in: no session is started for a token. The sign-in page's form keeps its
      // token in the cookie; a write without a session fails its CSRF check and needs none (a
      // sign-in that succeeds starts its session before any new token is kept).
      if (read(request) && signInPage(request)) {
        signInCookie.saveToken(token, request, response);
      }
      return;
    }
    sessions.saveToken(token, request, response);
  }

  @Override
  public CsrfToken loadToken(HttpServletRequest request) {
    CsrfToken token = sessions.loadToken(request);
    return token != null ? token : signInCookie.loadToken(request);
  }

  private static boolean read(HttpServletRequest request) {
    String method = request.getMethod();
    return "GET".equals(method) || "HEAD".equals(method);
  }

  private static boolean signInPage(HttpServletRequest request) {
    return request.getRequestURI().equals("/login");
  }
}
