package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.measure.LaunchReading;
import dev.perflab.harness.result.JvmCounters;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Where a measured pod's figures come from: the node's cgroups and process table where the harness runs on the pod's
 * node with a Docker runtime (to the nanosecond, at the first OK itself), or else the kubelet's summary through the
 * API server (its next reading after the moment, and only the figures the node's runtime reports).
 */
sealed interface PodReadings {

  /** How long the kubelet may take to report a reading after the moment asked for. */
  Duration KUBELET_TIMEOUT = Duration.ofSeconds(60);

  /** CPU, memory and the JVM's own counters at one moment; a figure the source does not report is null. */
  record Usage(Long rssBytes, Long cgroupMemoryBytes, long cpuUsageNanos, JvmCounters jvmCounters) {}

  /** At the first OK (the kubelet's: its first reading after it). Read before anything else is sent to the pod. */
  Usage atFirstOk() throws InterruptedException;

  /** Now (the kubelet's: its first reading from now on). */
  Usage now() throws InterruptedException;

  /** When the runtime started the app's container, to better than a millisecond; null where only seconds are known. */
  Instant containerStartedAt();

  /** Bytes of the mode's AOT cache the JVM mapped (0 in a mode without one); a mode whose cache is unmapped fails. */
  long aotCacheMappedBytes(Cell cell);

  /** Where the figures came from, for the launch's log line. */
  String describe();

  /** The node's own accounting, the harness on the node. */
  record Node(String containerId, LaunchReading sampledAtFirstOk) implements PodReadings {

    @Override
    public Usage atFirstOk() {
      return usage(sampledAtFirstOk);
    }

    @Override
    public Usage now() {
      return usage(LaunchReading.read(NodeDocker.hostPid(containerId)));
    }

    @Override
    public Instant containerStartedAt() {
      return NodeDocker.startedAt(containerId);
    }

    @Override
    public long aotCacheMappedBytes(Cell cell) {
      return CellLauncher.aotCacheMappedBytes(cell, NodeDocker.hostPid(containerId));
    }

    @Override
    public String describe() {
      return "CPU and memory from the node's cgroups" + (sampledAtFirstOk.jvmCounters() == null ? ", no JVM counters"
          : ", the JVM's counters from its hsperfdata");
    }

    private static Usage usage(LaunchReading reading) {
      return new Usage(reading.usage().rssBytes(), reading.usage().cgroupMemoryBytes(), reading.usage().cpuUsageNanos(),
          reading.jvmCounters());
    }
  }

  /** The kubelet's summary: the harness anywhere the API server and the pods' addresses are reachable. */
  final class Kubelet implements PodReadings {

    private final KubernetesClient client;
    private final String namespace;
    private final Pod pod;
    private final Instant firstOk;
    private KubeletStats.Reading atFirstOk;

    Kubelet(KubernetesClient client, String namespace, Pod pod, Instant firstOk) {
      this.client = client;
      this.namespace = namespace;
      this.pod = pod;
      this.firstOk = firstOk;
    }

    @Override
    public Usage atFirstOk() throws InterruptedException {
      if (atFirstOk == null) {
        atFirstOk = after(firstOk);
      }
      return usage(atFirstOk);
    }

    @Override
    public Usage now() throws InterruptedException {
      return usage(after(Instant.now()));
    }

    /** The pod's status has whole seconds, too coarse to split a start of a few seconds: none. */
    @Override
    public Instant containerStartedAt() {
      return null;
    }

    @Override
    public long aotCacheMappedBytes(Cell cell) {
      if (cell.mode().aotCache() != null) {
        throw new IllegalStateException("mode " + cell.mode().name() + ": that the JVM uses its AOT cache is proven"
            + " from its memory map on the pod's node, and the harness is not on node " + pod.getSpec().getNodeName()
            + " (or its runtime is not this host's Docker engine); measure AOT modes with the harness on the node");
      }
      return 0;
    }

    @Override
    public String describe() {
      return atFirstOk == null ? "CPU and memory from the kubelet of node " + pod.getSpec().getNodeName()
          : String.format(Locale.ROOT, "CPU and memory from the kubelet of node %s, its reading %d ms after the first"
              + " OK%s", pod.getSpec().getNodeName(), Duration.between(firstOk, atFirstOk.time()).toMillis(),
              atFirstOk.rssBytes() == null ? " (its runtime reports no RSS: none recorded)" : "");
    }

    private KubeletStats.Reading after(Instant moment) throws InterruptedException {
      return KubeletStats.awaitAfter(client, pod.getSpec().getNodeName(), namespace, pod.getMetadata().getName(),
          moment, KUBELET_TIMEOUT);
    }

    private static Usage usage(KubeletStats.Reading reading) {
      // The JVM's counters are a file in the pod's /tmp, on its node.
      return new Usage(reading.rssBytes(), reading.memoryUsageBytes(), reading.cpuUsageNanos(), null);
    }
  }
}
