package dev.perflab.harness.launch.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.result.Json;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A pod's app container as its node's kubelet reports it (the summary API, through the API server's node proxy):
 * where the harness is not on the pod's node, the only per-pod CPU and memory there are. Each reading carries the
 * kubelet's own time; figures the node's runtime does not report (cri-dockerd reports only the working set) are null.
 */
final class KubeletStats {

  private static final Duration POLL = Duration.ofMillis(250);

  private KubeletStats() {}

  /**
   * One reading of the container.
   *
   * @param time when the kubelet (or its runtime) took it
   * @param cpuUsageNanos CPU time the container used since it started
   * @param rssBytes anonymous and swap-cache memory (the cgroup's rss); null where the runtime does not report it
   * @param memoryUsageBytes the cgroup's whole memory use, page cache included; null where not reported
   * @param workingSetBytes what the kubelet evicts and the OOM killer judges by: usage less inactive file pages
   */
  record Reading(Instant time, long cpuUsageNanos, Long rssBytes, Long memoryUsageBytes, Long workingSetBytes) {}

  /**
   * The kubelet's first reading of the pod's app container taken at or after {@code after}: the kubelet samples on a
   * period of its own (up to about 15 s with cAdvisor), so what it reads "at" a moment is its next sample.
   */
  static Reading awaitAfter(KubernetesClient client, String node, String namespace, String pod, Instant after,
      Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Optional<Reading> last = Optional.empty();
    while (System.nanoTime() < deadline) {
      last = read(client, node, namespace, pod);
      if (last.isPresent() && !last.get().time().isBefore(after)) {
        return last.get();
      }
      Thread.sleep(POLL.toMillis());
    }
    throw new IllegalStateException("the kubelet of node " + node + " reported no reading of pod " + pod + " taken"
        + " after " + after + " within " + timeout.toSeconds() + " s (its last: " + last.map(Reading::time)
            .map(Instant::toString).orElse("none") + ")");
  }

  /** The kubelet's latest reading of the pod's app container; empty while it has none. */
  static Optional<Reading> read(KubernetesClient client, String node, String namespace, String pod) {
    String summary;
    try {
      summary = client.raw(client.getMasterUrl().toString().replaceAll("/$", "") + "/api/v1/nodes/" + node
          + "/proxy/stats/summary");
    } catch (KubernetesClientException e) {
      throw new IllegalStateException("the kubelet of node " + node + " did not give its summary through the API"
          + " server (the harness's account needs get on nodes/proxy): " + e.getMessage(), e);
    }
    if (summary == null) {
      throw new IllegalStateException("the API server has no node " + node + " to read the kubelet's summary of");
    }
    return parse(summary, namespace, pod);
  }

  /** The app container's reading in a summary ({@code /stats/summary}); empty without one for it yet. */
  static Optional<Reading> parse(String summary, String namespace, String pod) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(summary);
    } catch (IOException e) {
      throw new UncheckedIOException("the kubelet's summary is not JSON: " + e.getMessage(), e);
    }
    for (JsonNode candidate : root.path("pods")) {
      JsonNode ref = candidate.path("podRef");
      if (!pod.equals(ref.path("name").asText()) || !namespace.equals(ref.path("namespace").asText())) {
        continue;
      }
      for (JsonNode container : candidate.path("containers")) {
        JsonNode cpu = container.path("cpu");
        if (!Manifests.APP_CONTAINER.equals(container.path("name").asText()) || !cpu.has("usageCoreNanoSeconds")) {
          continue;
        }
        JsonNode memory = container.path("memory");
        return Optional.of(new Reading(Instant.parse(cpu.path("time").asText()),
            cpu.path("usageCoreNanoSeconds").asLong(), bytes(memory, "rssBytes"), bytes(memory, "usageBytes"),
            bytes(memory, "workingSetBytes")));
      }
    }
    return Optional.empty();
  }

  private static Long bytes(JsonNode memory, String field) {
    return memory.hasNonNull(field) ? memory.path(field).asLong() : null;
  }
}
