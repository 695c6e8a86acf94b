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
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
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
    if (!text(request)) {
      chain.doFilter(request, response);
      return;
    }
    String encoding = declaredCharset(request);
    if (encoding != null && !encoding.equals("UTF-8") && !encoding.equals("US-ASCII")) {
      ProblemResponse.write(
          response,
          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
          "the request body must be UTF-8, not " + encoding);
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
    if (json(request)) {
      // UTF-16 text is well-formed UTF-8 when it is ASCII, with a NUL byte beside every character,
      // which a JSON reader detects and reads as UTF-16; JSON text never holds a raw NUL. (CSV and
      // plain text refuse control characters line by line, NUL among them.)
      for (int i = 0; i < body.length; i++) {
        if (body[i] == 0) {
          ProblemResponse.write(
              response,
              HttpStatus.BAD_REQUEST,
              "the request body holds a NUL byte (at byte " + i + "): send UTF-8, not UTF-16");
          return;
        }
      }
      int lone = loneSurrogateEscape(new String(body, StandardCharsets.UTF_8));
      if (lone >= 0) {
        ProblemResponse.write(
            response,
            HttpStatus.BAD_REQUEST,
            "the request body escapes half a UTF-16 surrogate pair (at character "
                + lone
                + "): it stands for no character");
        return;
      }
    }
    chain.doFilter(new Cached(request, body), response);
  }

  /** JSON, CSV and plain text; not forms or files. */
  private static boolean text(HttpServletRequest request) {
    String lower = lowerType(request);
    return json(request) || lower.startsWith("text/csv") || lower.startsWith("text/plain");
  }

  /**
   * The charset the Content-Type header names, as sent: the request's character encoding is UTF-8
   * by then whatever was sent (Spring's CharacterEncodingFilter forces it).
   */
  private static String declaredCharset(HttpServletRequest request) {
    String header = request.getHeader("Content-Type");
    try {
      Charset charset = header == null ? null : MediaType.parseMediaType(header).getCharset();
      return charset == null ? null : charset.name();
    } catch (IllegalArgumentException e) {
      // Unparsable, an illegal charset name, or one this JVM does not know.
      return "an unknown charset";
    }
  }

  private static boolean json(HttpServletRequest request) {
    String lower = lowerType(request);
    return lower.startsWith("application/json") || lower.contains("+json");
  }

  private static String lowerType(HttpServletRequest request) {
    String type = request.getContentType();
    return type == null ? "" : type.toLowerCase(Locale.ROOT);
  }

  /**
   * Where JSON text escapes a high surrogate not followed by an escaped low one, or a low one alone
   * ({@code "\\ud800"}), or -1. A JSON reader makes such an escape a Java string that PostgreSQL
   * would store as {@code ?}.
   */
  static int loneSurrogateEscape(String json) {
    boolean afterHigh = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c != '\\') {
        if (afterHigh) {
          return i;
        }
        continue;
      }
      // An escape: \\ and \" are two characters, \\uXXXX six.
      if (i + 1 < json.length() && json.charAt(i + 1) == 'u' && i + 5 < json.length()) {
        int unit = hex(json.substring(i + 2, i + 6));
        boolean high = unit >= 0xD800 && unit <= 0xDBFF;
        boolean low = unit >= 0xDC00 && unit <= 0xDFFF;
        if ((afterHigh && !low) || (!afterHigh && low)) {
          return i;
        }
        afterHigh = high;
        i += 5;
      } else {
        if (afterHigh) {
          return i;
        }
        i++;
      }
    }
    return afterHigh ? json.length() : -1;
  }

  // Not hex: no surrogate, and the JSON reader refuses the escape itself.
  private static int hex(String digits) {
    try {
      return Integer.parseInt(digits, 16);
    } catch (NumberFormatException e) {
      return -1;
    }
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
