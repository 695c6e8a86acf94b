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
