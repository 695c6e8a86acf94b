package org.nightbench.users;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Makes a request that carries HTTP Basic credentials authenticate by them alone, never by a
 * session it also carries: such requests skip the CSRF check, so they must prove their password.
 *
 * <p>Without this, Basic credentials naming the session's own user are not checked at all (Spring
 * Security keeps the session's authentication when the names match), and a wrong password would
 * pass with the session.
 */
final class BasicCredentialsAlone extends OncePerRequestFilter {

  /** Whether {@code request} carries credentials of the Basic scheme (case-insensitive). */
  static boolean hasBasicCredentials(HttpServletRequest request) {
    String header = request.getHeader("Authorization");
    return header != null && header.regionMatches(true, 0, "Basic ", 0, 6);
  }

  /**
   * Whether a browser says another site started {@code request} ({@code Sec-Fetch-Site: cross-site}
   * or {@code same-site}). A browser that once answered a Basic challenge (a dialog after Swagger's
   * "Try it out", an admin URL typed in) adds the cached credentials to every request to this
   * origin, forged forms from other sites included; such a request must carry its CSRF token like a
   * session's. Clients that are not browsers send no such header.
   */
  static boolean fromAnotherSite(HttpServletRequest request) {
    String site = request.getHeader("Sec-Fetch-Site");
    return site != null && !site.equals("same-origin") && !site.equals("none");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (hasBasicCredentials(request)) {
      // For this request only: the session's stored context is neither read nor changed.
      SecurityContextHolder.setContext(SecurityContextHolder.createEmptyContext());
    }
    chain.doFilter(request, response);
  }
}
