package org.nightbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over {@code nightbench.web.max-body-size} (imports: {@code
 * nightbench.web.max-import-size}) with a one-line 413, before anything parses them: at once by
 * their Content-Length, or, for a chunked body, as soon as the reader has counted one byte too
 * many.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class RequestBodyLimit extends OncePerRequestFilter {

  /** Thrown by the counting stream; answered as a 413 by the API's exception handler. */
  public static final class TooLarge extends RuntimeException {
    TooLarge(String message) {
      super(message, null, false, false);
    }
  }

  /** Bodies that are files being imported, allowed the larger size. */
  private static final List<String> IMPORTS = List.of("/api/annotations/import");

  private final long maxBody;
  private final long maxImport;

  RequestBodyLimit(
      @Value("${nightbench.web.max-body-size:256KB}") DataSize maxBody,
      @Value("${nightbench.web.max-import-size:8MB}") DataSize maxImport) {
    this.maxBody = maxBody.toBytes();
    this.maxImport = maxImport.toBytes();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long limit = IMPORTS.contains(request.getRequestURI()) ? maxImport : maxBody;
    long length = request.getContentLengthLong();
    if (length > limit) {
      ProblemResponse.write(response, HttpStatus.CONTENT_TOO_LARGE, tooLarge(length, limit));
      return;
    }
    chain.doFilter(length >= 0 ? request : new Counted(request, limit), response);
  }

  static String tooLarge(long length, long limit) {
    return "request body too large: "
        + (length >= 0 ? length + " bytes" : "more than " + limit + " bytes")
        + ", at most "
        + limit;
  }

  /** A request whose body stream fails once it has given more than {@code limit} bytes. */
  private static final class Counted extends HttpServletRequestWrapper {

    private final long limit;
    private ServletInputStream stream;

    Counted(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (stream == null) {
        stream = new CountingStream(super.getInputStream(), limit);
      }
      return stream;
    }
  }

  private static final class CountingStream extends ServletInputStream {

    private final ServletInputStream in;
    private final long limit;
    private long count;

    CountingStream(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        counted(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        counted(n);
      }
      return n;
    }

    private void counted(int n) {
      count += n;
      if (count > limit) {
        throw new TooLarge(tooLarge(-1, limit));
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
