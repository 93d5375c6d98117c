package dev.perflab.harness.load;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * A loopback server for the drivers' tests: answers {@code /hello} with a status after a delay that
 * may depend on how many requests it is serving and on the query, {@code /closing} at once and closing the
 * connection after it, and counts what it saw: requests, their queries, connections.
 */
final class LoopbackServer implements AutoCloseable {

  final AtomicInteger requests = new AtomicInteger();
  /** The {@code /hello} requests by their query ("" without one). */
  final Map<String, Integer> queries = new ConcurrentHashMap<>();
  /** Each connection's far end: one per connection a driver opened. */
  final Set<InetSocketAddress> connections = ConcurrentHashMap.newKeySet();
  final AtomicInteger maxConcurrent = new AtomicInteger();
  private final AtomicInteger concurrent = new AtomicInteger();
  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(64);

  /** @param delayMillisAtConcurrency the delay of a request, from how many are being served with it */
  LoopbackServer(int status, IntUnaryOperator delayMillisAtConcurrency) throws IOException {
    this(status, delayMillisAtConcurrency, query -> 0);
  }

  /** @param addedDelayMillisByQuery added to the delay, from the request's query (null without one) */
  LoopbackServer(int status, IntUnaryOperator delayMillisAtConcurrency, ToIntFunction<String> addedDelayMillisByQuery)
      throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(executor);
    server.createContext("/hello", exchange -> {
      requests.incrementAndGet();
      queries.merge(Objects.requireNonNullElse(exchange.getRequestURI().getQuery(), ""), 1, Integer::sum);
      connections.add(exchange.getRemoteAddress());
      int now = concurrent.incrementAndGet();
      maxConcurrent.accumulateAndGet(now, Math::max);
      try {
        Thread.sleep(delayMillisAtConcurrency.applyAsInt(now)
            + addedDelayMillisByQuery.applyAsInt(exchange.getRequestURI().getQuery()));
        byte[] bytes = "Hello".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        concurrent.decrementAndGet();
        exchange.close();
      }
    });
    // Answers as Tomcat does the last request it allows on a connection: "Connection: close", then it closes.
    server.createContext("/closing", exchange -> {
      requests.incrementAndGet();
      byte[] bytes = "Hello".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Connection", "close");
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
  }

  InetSocketAddress address() {
    return server.getAddress();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
