package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.Capacity;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A capacity search whose container dies goes on in a fresh one: the rate it died at counts as
 * missed, and the search bisects below it instead of reporting the last step before the death.
 * The servers answer far within the objective at these rates, so only the "death" decides.
 */
class CapacitySearchTest {

  private static final RequestSpec HELLO = new RequestSpec("GET", "/hello", null, null, 200, "Hello");
  private static final RequestMix REQUESTS = RequestMix.single(HELLO);
  /** 1 s steps, an objective of 2 s that a loopback server meets on any machine, a ceiling of 200/s. */
  private static final LoadSettings SETTINGS = new LoadSettings("1cpu", List.of("jvm"), HELLO, 3, 50, 50, null, 3, 1,
      2000, 1, 200, 8, List.of());

  private final List<HttpServer> servers = new java.util.ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(server -> server.stop(0));
  }

  private InetSocketAddress server(AtomicInteger requests) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.createContext("/hello", exchange -> {
      requests.incrementAndGet();
      byte[] bytes = "Hello".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
    servers.add(server);
    return server.getAddress();
  }

  @Test
  void aContainerThatDiesUnderAStepHasMissedThatRateAndTheSearchGoesOnInAFreshOne() throws Exception {
    // The first "container" dies once it has had 150 requests: during the 100/s step (the 50/s
    // step and its warm-up send about 100), or earlier on a slow machine.
    AtomicInteger first = new AtomicInteger();
    CapacitySearch search = CapacitySearch.from(50, REQUESTS, SETTINGS);

    Optional<Capacity> found = search.continueOn(server(first), () -> first.get() <= 150);

    assertThat(found).as("the container died before the search was done").isEmpty();
    int stepsBeforeTheDeath = search.endedByDeath().steps().size();
    Capacity fresh = search.continueOn(server(new AtomicInteger()), () -> true).orElseThrow();
    assertThat(fresh.freshContainers()).isEqualTo(1);
    // Whatever the machine's pace (a stall can make a step miss), the rate the container died at
    // is missed: the capacity and its upper bound lie at or below it, found in the fresh one.
    assertThat(fresh.upperBoundPerSecond()).as("the lowest missed rate").isLessThanOrEqualTo(100.0);
    assertThat(fresh.ratePerSecond()).isLessThan(fresh.upperBoundPerSecond());
    assertThat(fresh.steps()).as("steps in the fresh container").hasSizeGreaterThan(stepsBeforeTheDeath);
  }
}
