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
 * answers only after {@code stallMillis}, the preflight of every {@code refuseEveryDelete}-th
 * delete answers 403 (a server refusing the origin). Counts what it was sent, each preflight by
 * the method it asked for and the path it asked about.
 */
final class SessionsServer implements AutoCloseable {

  private static final Pattern EMAIL = Pattern.compile("\"email\":\"([^\"]+)\"");
  private static final long SUBMIT_MILLIS = 20;

  final AtomicInteger creates = new AtomicInteger();
  final AtomicInteger submits = new AtomicInteger();
  final AtomicInteger deletes = new AtomicInteger();
  final Set<String> emails = ConcurrentHashMap.newKeySet();
  /** "POST /users", "GET /users/{id}", ...: how many preflights asked for that, each with the browser's headers. */
  final Map<String, AtomicInteger> preflights = new ConcurrentHashMap<>();
  /** Preflights without the headers a browser sends. */
  final Set<String> incompletePreflights = ConcurrentHashMap.newKeySet();
  private final AtomicInteger deletePreflights = new AtomicInteger();
  private final Map<Long, String> users = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final HttpServer server;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

  SessionsServer(int failEveryCreate, int stallEverySubmit, long stallMillis, int refuseEveryDelete)
      throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(executor);
    server.createContext("/users", exchange -> {
      try (exchange) {
        String path = exchange.getRequestURI().getPath();
        switch (exchange.getRequestMethod()) {
          case "OPTIONS" -> preflight(exchange, refuseEveryDelete);
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
        if (exchange.getRequestMethod().equals("OPTIONS")) {
          preflight(exchange, refuseEveryDelete);
          return;
        }
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

  private void preflight(HttpExchange exchange, int refuseEveryDelete) throws IOException {
    String method = exchange.getRequestHeaders().getFirst("Access-Control-Request-Method");
    String path = exchange.getRequestURI().getPath().replaceAll("/[0-9]+$", "/{id}");
    preflights.computeIfAbsent(method + " " + path, key -> new AtomicInteger()).incrementAndGet();
    String headers = exchange.getRequestHeaders().getFirst("Access-Control-Request-Headers");
    if (!SessionJourney.ORIGIN.equals(exchange.getRequestHeaders().getFirst("Origin"))
        || !SessionJourney.REQUEST_HEADERS.equals(headers)) {
      incompletePreflights.add(method + " " + path + " " + exchange.getRequestHeaders());
    }
    if ("DELETE".equals(method) && deletePreflights.incrementAndGet() % refuseEveryDelete == 0) {
      answer(exchange, 403, null);
      return;
    }
    exchange.getResponseHeaders().set("Access-Control-Allow-Origin", SessionJourney.ORIGIN);
    exchange.getResponseHeaders().set("Access-Control-Allow-Methods", method);
    exchange.getResponseHeaders().set("Access-Control-Allow-Headers", SessionJourney.REQUEST_HEADERS);
    answer(exchange, 204, null);
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
