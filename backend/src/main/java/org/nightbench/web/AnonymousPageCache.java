package org.nightbench.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * A page as every anonymous reader gets it, rendered and gzipped once per version of its data and
 * query, then sent as bytes with an ETag: many readers of the same page cost a version read each
 * rather than a render and a gzip each. Signed-in readers see their name and a token in the page,
 * so their pages are rendered as usual. A feature names its page's path and how to read the version
 * of what the page shows.
 */
public abstract class AnonymousPageCache extends OncePerRequestFilter {

  /**
   * What a page is kept under: the data it shows, where the app is mounted and what was asked (its
   * parameters, so {@code ?a=1&b=2} and {@code ?b=2&a=1} share a page).
   */
  private record Key(String version, String contextPath, String parameters) {}

  /** One rendered page: its gzipped HTML, its content type and the ETag naming it. */
  private record Page(String etag, String contentType, byte[] gzipped) {}

  private final String path;
  private final String tagPrefix;
  private final AtomicReference<CompletableFuture<String>> reading = new AtomicReference<>();

  /** Pages by key; a hostile stream of distinct queries only evicts, it cannot grow the heap. */
  private final Cache<Key, Page> pages =
      Caffeine.newBuilder()
          .maximumWeight(16L << 20)
          .<Key, Page>weigher((key, page) -> page.gzipped().length + 256)
          .build();

  /**
   * @param path the page's path within the application, e.g. {@code /}
   * @param tagPrefix starts the page's ETags, so two pages' tags never meet
   */
  protected AnonymousPageCache(String path, String tagPrefix) {
    this.path = path;
    this.tagPrefix = tagPrefix;
  }

  /**
   * The version of what the page shows, read before it is rendered; null or empty when there is
   * none, and the page is then rendered every time.
   */
  protected abstract String version();

  /**
   * The version, read once for all the readers that ask while a read of it is under way: 32 readers
   * at once cost one query, not 32. (A reader that joins gets the version as of the read's start, a
   * few milliseconds old at most.)
   */
  private String sharedVersion() {
    CompletableFuture<String> mine = new CompletableFuture<>();
    CompletableFuture<String> running = reading.compareAndExchange(null, mine);
    if (running != null) {
      try {
        return running.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException cause ? cause : e;
      }
    }
    try {
      String version = version();
      mine.complete(version);
      return version;
    } catch (RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      reading.compareAndSet(mine, null);
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !"GET".equals(request.getMethod())
        || !request.getRequestURI().equals(request.getContextPath() + path)
        || !anonymous();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    // Read before rendering: a page rendered from newer data than its key is only re-rendered.
    String version = sharedVersion();
    if (version == null || version.isEmpty()) {
      chain.doFilter(request, response);
      return;
    }
    Key key = new Key(version, request.getContextPath(), parameters(request));
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
      page = new Page(etag(key), contentType, gzip(rendered.getContentAsByteArray()));
      pages.put(key, page);
    }
    send(page, request, response);
  }

  /** The request's parameters in one canonical line: names sorted, values in order. */
  private static String parameters(HttpServletRequest request) {
    StringBuilder line = new StringBuilder();
    new TreeMap<>(request.getParameterMap())
        .forEach(
            (name, values) -> {
              for (String value : values) {
                line.append(name.length()).append(':').append(name);
                line.append(value.length()).append(':').append(value).append(';');
              }
            });
    return line.toString();
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
      body = gunzip(page.gzipped());
    }
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  private static boolean anonymous() {
    Authentication who = SecurityContextHolder.getContext().getAuthentication();
    return who == null || who instanceof AnonymousAuthenticationToken || !who.isAuthenticated();
  }

  /** A weak tag of the key: a key's page may come from data a little newer than the key. */
  private String etag(Key key) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(key.toString().getBytes(StandardCharsets.UTF_8));
      return "W/\"" + tagPrefix + "-" + HexFormat.of().formatHex(hash, 0, 12) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }

  private static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4);
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] gzipped) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
