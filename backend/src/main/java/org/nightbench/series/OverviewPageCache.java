package org.nightbench.series;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * The overview page as every anonymous reader gets it, rendered and gzipped once per version of the
 * data and query, then sent as bytes: 32 readers of the morning's page cost a version read each
 * rather than a render and a gzip of some 300 KB each. Signed-in readers see their name and a token
 * in the page, so their pages are rendered as usual.
 */
@Component
class OverviewPageCache extends OncePerRequestFilter {

  /** What a page is kept under: the data it shows, where the app is mounted and what was asked. */
  private record Key(String version, String contextPath, String query) {}

  /** One rendered page: its gzipped HTML, its content type and the ETag naming it. */
  private record Page(String etag, String contentType, byte[] gzipped) {}

  private final SeriesService series;

  /** Pages by key; a hostile stream of distinct queries only evicts, it cannot grow the heap. */
  private final Cache<Key, Page> pages =
      Caffeine.newBuilder()
          .maximumWeight(16L << 20)
          .<Key, Page>weigher((key, page) -> page.gzipped().length + 256)
          .build();

  OverviewPageCache(SeriesService series) {
    this.series = series;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !"GET".equals(request.getMethod())
        || !request.getRequestURI().equals(request.getContextPath() + "/")
        || !anonymous();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    // Read before rendering: a page rendered from newer data than its key is only re-rendered.
    String version = series.overviewVersion();
    if (version == null || version.isEmpty()) {
      // No version to tell pages apart (a test's stand-in service): rendered every time.
      chain.doFilter(request, response);
      return;
    }
    Key key = new Key(version, request.getContextPath(), request.getQueryString());
    Page page = pages.getIfPresent(key);
    if (page == null) {
      ContentCachingResponseWrapper rendered = new ContentCachingResponseWrapper(response);
      chain.doFilter(request, rendered);
      String contentType = rendered.getContentType();
      if (rendered.getStatus() != HttpServletResponse.SC_OK
          || rendered.containsHeader(HttpHeaders.SET_COOKIE)
          || contentType == null
          || !contentType.startsWith("text/html")) {
        // An error, a refusal or a new session: answered as rendered, never kept.
        rendered.copyBodyToResponse();
        return;
      }
      page =
          new Page(etag(key), contentType, PreparedPoints.gzip(rendered.getContentAsByteArray()));
      pages.put(key, page);
    }
    send(page, request, response);
  }

  private static void send(Page page, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
    response.setHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
    // Spring's own revalidation, as a ResponseEntity with an ETag gets: sets the tag, and answers
    // 304 to an If-None-Match that names it (in a list, or as *).
    if (new ServletWebRequest(request, response).checkNotModified(page.etag())) {
      return;
    }
    response.setStatus(HttpServletResponse.SC_OK);
    response.setContentType(page.contentType());
    byte[] body;
    if (AcceptEncoding.allowsGzip(request.getHeader(HttpHeaders.ACCEPT_ENCODING))) {
      // Already compressed: the server's own compression leaves an encoded body alone.
      response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
      body = page.gzipped();
    } else {
      body = PreparedPoints.gunzip(page.gzipped());
    }
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  private static boolean anonymous() {
    Authentication who = SecurityContextHolder.getContext().getAuthentication();
    return who == null || who instanceof AnonymousAuthenticationToken || !who.isAuthenticated();
  }

  /** A weak tag of the key: a key's page may come from data a little newer than the key. */
  private static String etag(Key key) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(key.toString().getBytes(StandardCharsets.UTF_8));
      return "W/\"o-" + HexFormat.of().formatHex(hash, 0, 12) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }
}
