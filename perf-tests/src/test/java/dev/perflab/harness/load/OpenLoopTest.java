package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

  private static final RequestSpec HELLO = new RequestSpec("GET", "/hello", null, null, 200, "Hello");

  private HttpServer server;

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void sendsAtTheIntendedRateAndCountsOnlyTheMeasuredWindow() throws Exception {
    InetSocketAddress target = serve("{\"message\":\"Hello, World!\"}", 0);

    LoadResult result = OpenLoop.run(target, HELLO, 1_000, Duration.ofMillis(500), Duration.ofSeconds(2), 64);

    assertThat(result.sent()).isBetween(1_990L, 2_010L);
    assertThat(result.errors()).isZero();
    assertThat(result.completed()).isEqualTo(result.sent());
    assertThat(result.achievedRatePerSecond()).isBetween(990.0, 1_010.0);
    assertThat(result.latency().count()).isEqualTo(result.completed());
  }

  @Test
  void aSlowServerIsChargedForTheQueueItCausesNotJustItsServiceTime() throws Exception {
    // One connection to a server that takes 20 ms per request: capacity 50/s, asked for 100/s.
    // Measured from the actual send, every latency would be ~20 ms; from the intended send
    // time, the queue that builds up shows: after 1 s, requests have waited ~half a second.
    InetSocketAddress target = serve("{\"message\":\"Hello, World!\"}", 20);

    LoadResult result = OpenLoop.run(target, HELLO, 100, Duration.ZERO, Duration.ofSeconds(1), 1);

    assertThat(result.latency().p50Micros()).isGreaterThan(150_000);
    assertThat(result.latency().maxMicros()).isGreaterThan(400_000);
    assertThat(result.achievedRatePerSecond()).isLessThan(100);
  }

  @Test
  void aWrongBodyIsAnErrorNotAServedRequest() throws Exception {
    InetSocketAddress target = serve("{\"error\":\"nope\"}", 0);

    LoadResult result = OpenLoop.run(target, HELLO, 200, Duration.ZERO, Duration.ofMillis(500), 8);

    assertThat(result.completed()).isZero();
    assertThat(result.errors()).isEqualTo(result.sent()).isPositive();
    assertThat(result.errorSamples()).first().asString().contains("GET /hello answered 200 {\"error\":\"nope\"}");
  }

  private InetSocketAddress serve(String body, long delayMillis) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(delayMillis > 0 ? Executors.newSingleThreadExecutor() : Executors.newFixedThreadPool(4));
    server.createContext("/hello", exchange -> {
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
    return server.getAddress();
  }
}
