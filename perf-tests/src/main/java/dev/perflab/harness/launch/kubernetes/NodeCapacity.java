package dev.perflab.harness.launch.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The CPU the scheduler can still place a lab's pods on: the allocatable CPU of the nodes the lab's node selector
 * allows, less what the pods already on them request. What an autoscaler can add is bounded by it, whatever its
 * maximum says: a pod that does not fit stays Pending.
 */
public final class NodeCapacity {

  private NodeCapacity() {}

  /** Free CPUs for the launcher's pods; empty where the account may not read nodes and pods cluster-wide. */
  public static OptionalDouble freeCpus(KubernetesSetLauncher launcher) {
    KubernetesClient client = launcher.client();
    Map<String, String> selector = launcher.nodeSelector();
    try {
      List<Node> schedulable = client.nodes().withLabels(selector).list().getItems().stream()
          .filter(node -> !Boolean.TRUE.equals(node.getSpec().getUnschedulable())).toList();
      Set<String> nodes = schedulable.stream().map(node -> node.getMetadata().getName()).collect(Collectors.toSet());
      double allocatable = schedulable.stream().mapToDouble(NodeCapacity::allocatableCpus).sum();
      double requested = client.pods().inAnyNamespace().list().getItems().stream()
          .filter(pod -> nodes.contains(pod.getSpec().getNodeName()) && !finished(pod))
          .mapToDouble(NodeCapacity::requestedCpus).sum();
      return OptionalDouble.of(Math.max(0, allocatable - requested));
    } catch (KubernetesClientException e) {
      return OptionalDouble.empty();
    }
  }

  private static double allocatableCpus(Node node) {
    Quantity cpu = node.getStatus().getAllocatable() == null ? null : node.getStatus().getAllocatable().get("cpu");
    return cpu == null ? 0 : cpus(cpu);
  }

  private static double requestedCpus(Pod pod) {
    double sum = 0;
    for (Container container : pod.getSpec().getContainers()) {
      if (container.getResources() != null && container.getResources().getRequests() != null
          && container.getResources().getRequests().get("cpu") != null) {
        sum += cpus(container.getResources().getRequests().get("cpu"));
      }
    }
    return sum;
  }

  private static boolean finished(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  private static double cpus(Quantity cpu) {
    return Quantity.getAmountInBytes(cpu).divide(BigDecimal.ONE).doubleValue();
  }
}
