package org.nightbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a JSON, CSV or plain-text request body that is not well-formed UTF-8 with a one-line 400,
 * before any parser reads it. A lenient decoder turns an overlong sequence ({@code C0 AE}) into the
 * character it spells ({@code .}), so {@code maven:9\xC0\xAE12\xC0\xAE3} would pass as {@code
 * maven:9.12.3} after every check on the text had looked at something else. Runs after {@link
 * RequestBodyLimit}, so what it reads whole is bounded.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
public class StrictUtf8Body extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (!checked(request)) {
      chain.doFilter(request, response);
      return;
    }
    byte[] body;
    try {
      body = request.getInputStream().readAllBytes();
    } catch (RequestBodyLimit.TooLarge e) {
      ProblemResponse.write(response, HttpStatus.CONTENT_TOO_LARGE, e.getMessage());
      return;
    }
    long bad = firstMalformed(body);
    if (bad >= 0) {
      ProblemResponse.write(
          response,
          HttpStatus.BAD_REQUEST,
          "the request body is not well-formed UTF-8 (at byte " + bad + ")");
      return;
    }
    chain.doFilter(new Cached(request, body), response);
  }

  /** JSON, CSV and plain text in UTF-8 (said, or left to the default); not forms or files. */
  private static boolean checked(HttpServletRequest request) {
    String type = request.getContentType();
    if (type == null) {
      return false;
    }
    String lower = type.toLowerCase(Locale.ROOT);
    boolean text =
        lower.startsWith("application/json")
            || lower.contains("+json")
            || lower.startsWith("text/csv")
            || lower.startsWith("text/plain");
    String encoding = request.getCharacterEncoding();
    return text && (encoding == null || encoding.equalsIgnoreCase("utf-8"));
  }

  /** The offset of the first byte that is not well-formed UTF-8, or -1. */
  static long firstMalformed(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    try {
      decoder.decode(in);
      return -1;
    } catch (CharacterCodingException e) {
      // The decoder stops where it found the malformed input.
      return in.position();
    }
  }

  /** The request with its body read once and given again from memory. */
  private static final class Cached extends HttpServletRequestWrapper {

    private final byte[] body;

    Cached(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
          return in.read(buffer, offset, length);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException("a body read from memory is not asynchronous");
        }
      };
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }
}
