package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.SetService;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each contract app's {@code nodeScheduling} in the catalog is what it does, which the topology model serves it by.
 * Under a quarter of a core with a 10 ms CFS period, as a topology's services run, a short {@code GET /cpu} sent while
 * a long one is being served is served beside it, in a few times its own time, where the kernel time-slices the
 * requests (processor sharing); it waits out the rest of the long one where they run one at a time to their end
 * (virtual threads on the one carrier a JVM under a core counts: first come, first served). {@code /cpu} runs on the
 * executor {@code /node} runs on in every app.
 */
@Tag("smoke")
class NodeSchedulingIT {

  private static final Logger LOG = LoggerFactory.getLogger(NodeSchedulingIT.class);

  /** The contract's most rounds: about 330 ms of a quarter of a core here. */
  private static final int LONG_ITERATIONS = 1_000_000;
  private static final int SHORT_ITERATIONS = 20_000;
  private static final Duration SHORT_AFTER = Duration.ofMillis(100);
  private static final int TRIALS = 5;

  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static Stream<String> contractApps() {
    return CatalogLoader.bundled().apps().stream().filter(App::contract).map(App::name);
  }

  @ParameterizedTest
  @MethodSource("contractApps")
  void aShortRequestBehindALongOneWaitsItOutOnlyWhereTheCatalogSaysInArrivalOrder(String appName) throws Exception {
    Catalog catalog = CatalogLoader.bundled().without(LabService.DATABASE).without(LabService.DOWNSTREAM);
    Cell cell = new Cell(catalog.app(appName), catalog.mode("aot"),
        new ResourceProfile("node-0.25cpu-384m", CpuLimit.cores(0.25), 384));
    ContainerSet probe = new ContainerSet(appName + " scheduling probe",
        List.of(new SetService("node", cell, Duration.ofMillis(10), 1, Map.of())));
    try (Lab lab = Lab.open(catalog, HarnessConfig.load()); RunningSet set = lab.sets().start(probe)) {
      InetSocketAddress address = set.only().address();
      long warmUntil = System.nanoTime() + Duration.ofSeconds(4).toNanos();
      while (System.nanoTime() < warmUntil) {
        millis(address, 100_000);
      }
      Thread.sleep(1000); // the JIT compiler's queue drains out of the quota
      double longAlone = median(List.of(millis(address, LONG_ITERATIONS), millis(address, LONG_ITERATIONS),
          millis(address, LONG_ITERATIONS)));
      List<Double> shortAlone = new ArrayList<>();
      List<Double> shortBehindLong = new ArrayList<>();
      for (int trial = 0; trial < TRIALS; trial++) {
        shortAlone.add(millis(address, SHORT_ITERATIONS));
        CompletableFuture<HttpResponse<String>> running = client.sendAsync(get(address, LONG_ITERATIONS),
            HttpResponse.BodyHandlers.ofString());
        Thread.sleep(SHORT_AFTER);
        shortBehindLong.add(millis(address, SHORT_ITERATIONS));
        assertThat(running.get().statusCode()).isEqualTo(200);
      }
      double restOfLong = longAlone - SHORT_AFTER.toMillis();
      String figures = String.format(Locale.ROOT, "%s under 0.25 CPU (10 ms period): the long request alone %.0f ms;"
          + " the short one alone %s ms, sent %d ms into the long one %s ms", appName, longAlone, rounded(shortAlone),
          SHORT_AFTER.toMillis(), rounded(shortBehindLong));
      LOG.info(figures);
      assertThat(restOfLong).as("the probe tells the two apart only if the rest of the long request is far longer"
          + " than a short one: " + figures).isGreaterThan(4 * median(shortAlone));
      NodeScheduling seen = median(shortBehindLong) > restOfLong / 2 ? NodeScheduling.IN_ARRIVAL_ORDER
          : NodeScheduling.TIME_SLICED;
      assertThat(seen).as("how %s served the short request (waited out the rest of the long one, about %.0f ms, or"
          + " beside it), against catalog.yaml's nodeScheduling: %s", appName, restOfLong, figures)
          .isEqualTo(catalog.app(appName).nodeScheduling());
    }
  }

  private double millis(InetSocketAddress address, long iterations) throws Exception {
    long start = System.nanoTime();
    HttpResponse<String> response = client.send(get(address, iterations), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return (System.nanoTime() - start) / 1e6;
  }

  private static HttpRequest get(InetSocketAddress address, long iterations) {
    return HttpRequest.newBuilder(URI.create("http://" + address.getHostString() + ":" + address.getPort()
        + "/cpu?iterations=" + iterations)).timeout(Duration.ofSeconds(30)).build();
  }

  private static double median(List<Double> values) {
    return values.stream().sorted().toList().get(values.size() / 2);
  }

  private static List<Long> rounded(List<Double> values) {
    return values.stream().map(Math::round).toList();
  }
}
