package dev.perflab.harness.launch.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.SetService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sets with the same service names cannot hear each other on a cluster: back to back in one lab, back to back across
 * two labs of one JVM (whose namespaces would share a name), and two at once. Each set's services serve a request type
 * of their own ("a", "b", …) and nothing else, so an answer carries its set's identity: a gateway whose call reached
 * another set's {@code s1} answers 502 with that service's 400 ("unknown request type"), one whose call reached a
 * service that is no node at all (a cell, the lab's stub) 502 with a 404, and a gateway of another set 400 itself.
 * Every request goes out as soon as a set is up, when a stale route would still be there.
 */
@Tag("cluster")
class SetIsolationIT {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  /** Requests per check: each of the gateway's (one) and s1's (two) replicas is reached many times over. */
  private static final int REQUESTS = 150;
  private final Catalog catalog = CatalogLoader.bundled().without(LabService.DATABASE);
  private final EngineSettings settings = new EngineSettings(EngineSettings.Engine.KUBERNETES,
      EngineSettings.read().kubeconfig(), EngineSettings.read().context(), "perflab-it", Map.of(), null);

  @Test
  void setsWithTheSameNamesAnswerOnlyForThemselves() throws Exception {
    try (Lab lab = open()) {
      // Back to back in one lab: each set starts as the one before it goes.
      for (String type : List.of("a", "b", "c")) {
        try (RunningSet set = lab.sets().start(set(type))) {
          assertAnswersFor(set, type);
          // The check can fail: this set's gateway asked to call s1 with another set's type gets s1's 400.
          HttpResponse<String> foreign = get(gateway(set), "/node/" + type + "-foreign");
          assertThat(foreign.statusCode()).as(foreign.body()).isEqualTo(502);
          assertThat(foreign.body()).contains("downstream 's1' answered HTTP 400");
        }
      }
      // Two at once, started together and loaded together.
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<RunningSet>> starting = new ArrayList<>();
        for (String type : List.of("d", "e")) {
          starting.add(pool.submit(() -> lab.sets().start(set(type))));
        }
        try (RunningSet d = starting.get(0).get(); RunningSet e = starting.get(1).get()) {
          Future<?> loadD = pool.submit(() -> assertAnswersFor(d, "d"));
          Future<?> loadE = pool.submit(() -> assertAnswersFor(e, "e"));
          loadD.get();
          loadE.get();
        }
      } finally {
        pool.shutdownNow();
      }
      try (RunningSet last = lab.sets().start(set("f"))) {
        assertAnswersFor(last, "f");
      }
    }
    // Across labs of one JVM: the next lab's first set as soon as the last lab has closed.
    try (Lab lab = open(); RunningSet set = lab.sets().start(set("g"))) {
      assertAnswersFor(set, "g");
    }
  }

  private Lab open() {
    return new KubernetesEngine().open(catalog, HarnessConfig.load(), settings);
  }

  /**
   * gateway → s1 (two replicas) for requests of {@code type}; the gateway also serves "{type}-foreign", which calls s1
   * with a type s1 does not serve, as a call into another set would.
   */
  private ContainerSet set(String type) {
    String gatewaySpec = "{\"service\":\"gateway\",\"unitIterations\":1,\"types\":{"
        + "\"" + type + "\":{\"workUnits\":0,\"calls\":[{\"service\":\"s1\"}]},"
        + "\"" + type + "-foreign\":{\"workUnits\":0,\"calls\":[{\"service\":\"s1\",\"type\":\"" + type + "-other\"}]}}}";
    String s1Spec = "{\"service\":\"s1\",\"unitIterations\":1,\"types\":{\"" + type + "\":{\"workUnits\":1}}}";
    return new ContainerSet("isolation-" + type, List.of(
        new SetService("gateway", cell(0.25), Duration.ofMillis(100), 1, Map.of("NODE_SPEC", gatewaySpec)),
        new SetService("s1", cell(0.2), Duration.ofMillis(100), 2, Map.of("NODE_SPEC", s1Spec))));
  }

  /** Every request of the set's type answered 200 by its own gateway, having reached its own s1. */
  private static Void assertAnswersFor(RunningSet set, String type) throws Exception {
    RunningCell gateway = gateway(set);
    for (int i = 0; i < REQUESTS; i++) {
      HttpResponse<String> answer = get(gateway, "/node/" + type);
      assertThat(answer.statusCode()).as("request %d of set %s: %s", i, type, answer.body()).isEqualTo(200);
      assertThat(answer.body()).contains("\"service\":\"gateway\"", "\"type\":\"" + type + "\"", "\"calls\":1");
    }
    // Each of s1's replicas answers for its own set too, at its own address.
    for (RunningCell s1 : set.service("s1").replicas()) {
      assertThat(get(s1, "/node/" + type).body()).contains("\"service\":\"s1\"", "\"type\":\"" + type + "\"");
    }
    return null;
  }

  private static RunningCell gateway(RunningSet set) {
    return set.service("gateway").replicas().getFirst();
  }

  private Cell cell(double cpus) {
    return new Cell(catalog.app("quarkus"), catalog.mode("jvm"),
        new ResourceProfile(cpus + "cpu-192m", CpuLimit.cores(cpus), 192));
  }

  private static HttpResponse<String> get(RunningCell cell, String path) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create("http://" + cell.replica().networkIp() + ":"
        + cell.cell().app().port() + path)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
