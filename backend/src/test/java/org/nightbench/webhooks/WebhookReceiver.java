package org.nightbench.webhooks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP server on a free local port that keeps what it was sent and answers as a test scripts
 * it: 200 unless told otherwise, or not at all until released.
 */
final class WebhookReceiver {

  /** One request as it arrived. */
  record Received(String method, String path, String contentType, String userAgent, String body) {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Deque<Integer> statuses = new ArrayDeque<>();
  private volatile CountDownLatch arrived;
  private volatile CountDownLatch release;

  private WebhookReceiver(HttpServer server) {
    this.server = server;
  }

  static WebhookReceiver start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      WebhookReceiver receiver = new WebhookReceiver(server);
      server.createContext("/", receiver::handle);
      server.setExecutor(receiver.threads);
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The URL of {@code path} on this server. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The next requests are answered with these statuses, in order; 200 after them. */
  synchronized void answer(Integer... codes) {
    statuses.addAll(List.of(codes));
  }

  /** The next request is held, unanswered, until {@link #release()}; returns its arrival. */
  CountDownLatch holdNext() {
    arrived = new CountDownLatch(1);
    release = new CountDownLatch(1);
    return arrived;
  }

  void release() {
    release.countDown();
  }

  List<Received> received() {
    return List.copyOf(received);
  }

  synchronized void reset() {
    received.clear();
    statuses.clear();
    arrived = null;
    release = null;
  }

  void stop() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received.add(
        new Received(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestHeaders().getFirst("Content-Type"),
            exchange.getRequestHeaders().getFirst("User-Agent"),
            body));
    CountDownLatch held = release;
    if (held != null) {
      arrived.countDown();
      try {
        held.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      release = null;
    }
    int status;
    synchronized (this) {
      status = statuses.isEmpty() ? 200 : statuses.removeFirst();
    }
    byte[] answer = (status == 200 ? "ok" : "boom\nsecond line").getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, answer.length);
    exchange.getResponseBody().write(answer);
    exchange.close();
  }
}
