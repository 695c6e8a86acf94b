package org.nightbench.github;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays GitHub's REST API on localhost, as far as pull-request benchmarks use it (the real one
 * cannot be reached from here): it records every call and answers a pull request, comments and
 * statuses as GitHub would.
 */
final class FakeGitHub implements AutoCloseable {

  /** One call as received. */
  record Call(String method, String path, String authorization, String body) {}

  private final HttpServer server;
  private final List<Call> calls = new ArrayList<>();
  private final AtomicLong commentIds = new AtomicLong(1000);
  private volatile String headSha = "";
  private volatile String baseRef = "main";
  private final AtomicInteger failingComments = new AtomicInteger();

  FakeGitHub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String body;
          try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
          }
          String method = exchange.getRequestMethod();
          String path = exchange.getRequestURI().getPath();
          synchronized (calls) {
            calls.add(
                new Call(
                    method, path, exchange.getRequestHeaders().getFirst("Authorization"), body));
          }
          String answer;
          int status = 200;
          if (method.equals("GET") && path.matches("/repos/[^/]+/[^/]+/pulls/\\d+")) {
            answer =
                "{\"state\":\"open\",\"head\":{\"sha\":\""
                    + headSha
                    + "\"},\"base\":{\"ref\":\""
                    + baseRef
                    + "\"}}";
          } else if (method.equals("POST")
              && path.matches(".*/issues/\\d+/comments")
              && failingComments.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            answer = "{\"message\":\"Server Error\"}";
            status = 502;
          } else if (method.equals("POST") && path.matches(".*/issues/\\d+/comments")) {
            long id = commentIds.incrementAndGet();
            answer = "{\"id\":" + id + ",\"html_url\":\"https://github.example/c/" + id + "\"}";
            status = 201;
          } else if (method.equals("PATCH") && path.matches(".*/issues/comments/\\d+")) {
            answer = "{}";
          } else if (method.equals("POST") && path.matches(".*/statuses/[0-9a-f]{40}")) {
            answer = "{}";
            status = 201;
          } else {
            answer = "{\"message\":\"Not Found\"}";
            status = 404;
          }
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  void pullRequest(String headSha, String baseRef) {
    this.headSha = headSha;
    this.baseRef = baseRef;
  }

  /** The next {@code count} new comments fail as GitHub does when it is down for a moment. */
  void failComments(int count) {
    failingComments.set(count);
  }

  List<Call> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  void forget() {
    synchronized (calls) {
      calls.clear();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
