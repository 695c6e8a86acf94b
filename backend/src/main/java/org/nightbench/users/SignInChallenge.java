package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.nightbench.web.ProblemResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfException;

/**
 * What a request that needs a sign-in gets without one. A person at a page (a form posted from a
 * browser, a page for admins) is sent to the sign-in page; anything else, API clients and Swagger's
 * "Try it out" first of all, gets a 401 with a Basic challenge ({@code WWW-Authenticate: Basic})
 * and a one-line problem detail, also when it carried no CSRF token (an anonymous request has no
 * session a forged request could ride on, so a missing token is no reason to answer 403 instead).
 *
 * <p>Pages' own scripts (they send the CSRF header, or {@code X-Requested-With}) get the 401
 * without the challenge, which would make the browser pop up a password dialog. Signed-in users
 * refused for their role or a missing CSRF token get a 403, as a problem detail on the API.
 */
final class SignInChallenge implements AuthenticationEntryPoint, AccessDeniedHandler {

  static final String REALM = "Nightbench";

  static final String SIGN_IN_FIRST =
      "sign in first: send HTTP Basic credentials (writes need an editor, users and webhooks an"
          + " admin)";

  private final AuthenticationEntryPoint login = new LoginUrlAuthenticationEntryPoint("/login");
  private final AccessDeniedHandler pageDenied = new AccessDeniedHandlerImpl();

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
      throws IOException, jakarta.servlet.ServletException {
    if (fromPage(request)) {
      login.commence(request, response, failure);
      return;
    }
    challenge(request, response, failure);
  }

  /** The 401: with the Basic challenge unless a page's script asked, and one line saying why. */
  static void challenge(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
      throws IOException {
    if (!fromScript(request)) {
      response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
    }
    ProblemResponse.write(
        response,
        HttpStatus.UNAUTHORIZED,
        failure instanceof BadCredentialsException ? "wrong username or password" : SIGN_IN_FIRST);
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
      throws IOException, jakarta.servlet.ServletException {
    // Basic credentials from another site's page are not "no credentials": a CSRF refusal (403).
    boolean crossSiteBasic =
        denied instanceof CsrfException && BasicCredentialsAlone.hasBasicCredentials(request);
    if (anonymous() && !signingIn(request) && !crossSiteBasic) {
      commence(request, response, new InsufficientAuthenticationException(denied.getMessage()));
    } else if (isApi(request)) {
      ProblemResponse.write(
          response,
          HttpStatus.FORBIDDEN,
          denied instanceof CsrfException
              ? "the CSRF token is missing or wrong: reload the page, or send HTTP Basic"
                  + " credentials instead of the session"
              : "your role may not do this");
    } else {
      pageDenied.handle(request, response, denied);
    }
  }

  private static boolean anonymous() {
    Authentication current = SecurityContextHolder.getContext().getAuthentication();
    return current == null
        || current instanceof AnonymousAuthenticationToken
        || !current.isAuthenticated();
  }

  /** The sign-in form itself: without its token it is refused (login CSRF), not challenged. */
  private static boolean signingIn(HttpServletRequest request) {
    return path(request).equals("/login");
  }

  private static String path(HttpServletRequest request) {
    return request.getRequestURI().substring(request.getContextPath().length());
  }

  private static boolean isApi(HttpServletRequest request) {
    String path = path(request);
    return path.startsWith("/api/") || path.startsWith("/actuator/");
  }

  /** A browser navigating or posting a form: it asks for HTML, and not through a script. */
  private static boolean fromPage(HttpServletRequest request) {
    if (isApi(request) || fromScript(request)) {
      return false;
    }
    String accept = request.getHeader("Accept");
    return accept != null && accept.contains(MediaType.TEXT_HTML_VALUE);
  }

  /** A page's script: it carries the CSRF header the layout hands out, or says it is one. */
  private static boolean fromScript(HttpServletRequest request) {
    return request.getHeader("X-CSRF-TOKEN") != null
        || "XMLHttpRequest".equals(request.getHeader("X-Requested-With"));
  }
}
