package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LoadResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

  private static final RequestMix HELLO = RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));

  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void sendsAtTheIntendedRateAndCountsOnlyTheMeasuredWindow() throws Exception {
    InetSocketAddress target = serve("{\"message\":\"Hello, World!\"}", 0);

    LoadResult result = OpenLoop.run(target, HELLO, 1_000, Duration.ofMillis(500), Duration.ofSeconds(2), 64);

    // Requests are due by the schedule, not as fast as this machine sends them: exactly the 2,000
    // due in the 2 measured seconds count, none of the warm-up's, however late any went out.
    assertThat(result.sent()).isEqualTo(2_000);
    assertThat(result.errors()).isZero();
    assertThat(result.completed()).isEqualTo(result.sent());
    assertThat(result.latency().count()).isEqualTo(result.completed());
    // At most the intended rate, less if answers came after the measured time (a busy machine);
    // the exact figures: MeasuredWindowTest.
    assertThat(result.achievedRatePerSecond()).isPositive().isLessThanOrEqualTo(1_000.0);
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
    assertThat(result.errors()).isEqualTo(result.sent()).isEqualTo(100);
    assertThat(result.errorSamples()).first().asString().contains("GET /hello answered 200 {\"error\":\"nope\"}");
  }

  @Test
  void aStallLandsInTheWindowWhoseRequestsItDelayed() throws Exception {
    // At 200/s the server freezes for at least 300 ms once, on its 340th request: due at 0.5 s of
    // warm-up plus 1.195 s of the 2 s measured time, in the third 500 ms window. The whole run's p99
    // takes the stall, and the third window's more than any other's: a request due later waits for
    // the thaw at most, 300 ms less than the frozen one, however late this machine let that one
    // arrive (only a hiccup of the machine itself longer than the freeze could outdo it). How quiet
    // the other windows are depends on the machine: MeasuredWindowTest has the exact figures.
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(Executors.newSingleThreadExecutor());
    AtomicInteger requests = new AtomicInteger();
    server.createContext("/hello", exchange -> {
      if (requests.incrementAndGet() == 340) {
        sleep(300);
      }
      byte[] bytes = "Hello".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();

    LoadResult result = OpenLoop.run(server.getAddress(), HELLO, 200, Duration.ofMillis(500), Duration.ofSeconds(2),
        Duration.ofMillis(500), 4);

    assertThat(result.windows()).hasSize(4);
    assertThat(result.windows().stream().mapToLong(LatencySummary::count).sum()).isEqualTo(result.latency().count());
    assertThat(result.windows().get(2).p99Micros()).isGreaterThan(100_000);
    assertThat(result.windowP99Micros().max()).isEqualTo(result.windows().get(2).p99Micros());
    assertThat(result.latency().p99Micros()).isGreaterThan(100_000);
  }

  @Test
  void aMixSendsEachRequestByWeightAndChecksEachAgainstItsOwnAnswer() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(Executors.newFixedThreadPool(4));
    AtomicInteger hellos = new AtomicInteger();
    AtomicInteger others = new AtomicInteger();
    server.createContext("/hello", exchange -> answer(exchange, 200, "Hello", hellos));
    server.createContext("/other", exchange -> answer(exchange, 201, "Other", others));
    server.start();
    RequestMix mix = new RequestMix(List.of(new WeightedRequest(3, new RequestSpec("GET", "/hello", null, null, 200, "Hello")),
        new WeightedRequest(1, new RequestSpec("POST", "/other", "text/plain", "x", 201, "Other"))));

    LoadResult result = OpenLoop.run(server.getAddress(), mix, 1_000, Duration.ZERO, Duration.ofSeconds(1), 16);

    assertThat(result.errors()).as("errors, e.g. %s", result.errorSamples()).isZero();
    assertThat(result.completed()).isEqualTo(result.sent()).isEqualTo(1_000);
    assertThat(others.get() / (double) (hellos.get() + others.get())).isCloseTo(0.25, offset(0.05));
    assertThat(result.requests()).isEqualTo(mix);
  }

  @Test
  void aMeasuredTimeThatIsNoWholeNumberOfWindowsIsRefused() {
    assertThatThrownBy(() -> OpenLoop.run(new InetSocketAddress(1), HELLO, 100,
            Duration.ZERO, Duration.ofSeconds(2), Duration.ofMillis(300), 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole number of windows");
    server = null;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void answer(HttpExchange exchange, int status, String body, AtomicInteger count) throws IOException {
    count.incrementAndGet();
    exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  private InetSocketAddress serve(String body, long delayMillis) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(delayMillis > 0 ? Executors.newSingleThreadExecutor() : Executors.newFixedThreadPool(4));
    server.createContext("/hello", exchange -> {
      sleep(delayMillis);
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
    return server.getAddress();
  }
}
