package dev.perflab.gatling;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The endpoints a {@link Sessions} run calls, on loopback, with faults on a schedule: every
 * {@code failEveryCreate}-th create answers 500, every {@code stallEverySubmit}-th submission
 * answers only after {@code stallMillis}. Counts what it was sent.
 */
final class SessionsServer implements AutoCloseable {

  private static final Pattern EMAIL = Pattern.compile("\"email\":\"([^\"]+)\"");
  private static final long SUBMIT_MILLIS = 20;

  final AtomicInteger creates = new AtomicInteger();
  final AtomicInteger submits = new AtomicInteger();
  final AtomicInteger deletes = new AtomicInteger();
  final Set<String> emails = ConcurrentHashMap.newKeySet();
  private final Map<Long, String> users = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final HttpServer server;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

  SessionsServer(int failEveryCreate, int stallEverySubmit, long stallMillis) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(executor);
    server.createContext("/users", exchange -> {
      try (exchange) {
        String path = exchange.getRequestURI().getPath();
        switch (exchange.getRequestMethod()) {
          case "POST" -> create(exchange, failEveryCreate);
          case "GET" -> answer(exchange, users.containsKey(id(path)) ? 200 : 404, "{\"id\":" + id(path) + "}");
          case "DELETE" -> {
            deletes.incrementAndGet();
            answer(exchange, users.remove(id(path)) != null ? 204 : 404, null);
          }
          default -> answer(exchange, 405, "{\"error\":\"method\"}");
        }
      }
    });
    server.createContext("/node/submit", exchange -> {
      try (exchange) {
        boolean stalled = submits.incrementAndGet() % stallEverySubmit == 0;
        Thread.sleep(stalled ? stallMillis : SUBMIT_MILLIS);
        answer(exchange, 200, "{\"service\":\"test\",\"type\":\"submit\"}");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IOException e) {
        // the client gave up on a stalled submission and closed the connection
      }
    });
    server.start();
  }

  String baseUrl() {
    return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
  }

  private void create(HttpExchange exchange, int failEvery) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    if (creates.incrementAndGet() % failEvery == 0) {
      answer(exchange, 500, "{\"error\":\"scheduled failure\"}");
      return;
    }
    Matcher email = EMAIL.matcher(body);
    if (!email.find() || !emails.add(email.group(1))) {
      answer(exchange, 409, "{\"error\":\"email missing or in use\"}");
      return;
    }
    long id = ids.incrementAndGet();
    users.put(id, email.group(1));
    answer(exchange, 201, "{\"id\":" + id + ",\"email\":\"" + email.group(1) + "\"}");
  }

  private static long id(String path) {
    try {
      return Long.parseLong(path.substring(path.lastIndexOf('/') + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static void answer(HttpExchange exchange, int status, String json) throws IOException {
    if (json == null) {
      exchange.sendResponseHeaders(status, -1);
      return;
    }
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
