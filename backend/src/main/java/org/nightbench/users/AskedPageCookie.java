package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import org.springframework.security.web.savedrequest.CookieRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.security.web.savedrequest.SimpleSavedRequest;

/**
 * The page someone asked for before signing in, kept in a cookie (Spring's {@link
 * CookieRequestCache}) rather than in a session an anonymous reader would start; sent back to as a
 * path only, never with the host the request's {@code Host} header claimed.
 */
final class AskedPageCookie implements RequestCache {

  private final CookieRequestCache cookies = new CookieRequestCache();

  @Override
  public void saveRequest(HttpServletRequest request, HttpServletResponse response) {
    cookies.saveRequest(request, response);
  }

  @Override
  public SavedRequest getRequest(HttpServletRequest request, HttpServletResponse response) {
    SavedRequest saved = cookies.getRequest(request, response);
    if (saved == null) {
      return null;
    }
    URI asked = URI.create(saved.getRedirectUrl());
    String path =
        asked.getRawPath() == null || asked.getRawPath().isEmpty() ? "/" : asked.getRawPath();
    // The redirect adds the context path again.
    String context = request.getContextPath();
    if (!context.isEmpty() && path.startsWith(context)) {
      path = path.substring(context.length());
    }
    return new SimpleSavedRequest(
        path + (asked.getRawQuery() == null ? "" : "?" + asked.getRawQuery()));
  }

  @Override
  public HttpServletRequest getMatchingRequest(
      HttpServletRequest request, HttpServletResponse response) {
    return cookies.getMatchingRequest(request, response);
  }

  @Override
  public void removeRequest(HttpServletRequest request, HttpServletResponse response) {
    cookies.removeRequest(request, response);
  }
}
