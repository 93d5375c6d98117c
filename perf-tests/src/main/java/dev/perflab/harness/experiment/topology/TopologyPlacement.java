package dev.perflab.harness.experiment.topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * What a topology's services ran under, as a summary says it: their CPU quota, the CFS period the quota was
 * enforced over (as the services' cgroups had it, beside the one each asked), and which CPUs they shared. On
 * Kubernetes a pod is pinned to no CPU and its quota is enforced over the kubelet's period, whatever a service asks:
 * said here, where a reader of the figures looks, not only in the log.
 */
final class TopologyPlacement {

  private TopologyPlacement() {}

  /**
   * @param onCluster whether the services ran as pods on Kubernetes
   * @param askedMillis the period a variant's service asked, by variant and service name
   * @param rows the services' rows, with the period read from their cgroups where it was
   * @return a clause that follows "each" in the setup's sentence, then the sentences on the periods
   */
  static String describe(boolean onCluster, BiFunction<String, String, Integer> askedMillis,
      List<TopologyServiceRow> rows) {
    String placement = onCluster
        ? "each a Deployment whose pods have its CPU quota as their CPU limit (requests = limits), pinned to no CPU:"
            + " the pods share the node's cores with one another, the cluster's own processes and, where the node is"
            + " this host (the cluster docker/kubernetes/cluster.sh starts), the harness"
        : "each under its own CPU quota and CFS period on the measured CPUs";
    return placement + "." + periods(onCluster, askedMillis, rows);
  }

  /** The periods asked against those the cgroups had, grouped by the pair; what is not known is said. */
  private static String periods(boolean onCluster, BiFunction<String, String, Integer> askedMillis,
      List<TopologyServiceRow> rows) {
    Map<String, Set<String>> changed = new LinkedHashMap<>();
    Set<Integer> asked = new LinkedHashSet<>();
    boolean anyRead = false;
    for (TopologyServiceRow row : rows) {
      int wanted = askedMillis.apply(row.variant(), row.service());
      asked.add(wanted);
      if (row.cfsPeriodMillis() == null) {
        continue;
      }
      anyRead = true;
      if (Math.abs(row.cfsPeriodMillis() - wanted) > 1e-6) {
        changed.computeIfAbsent(String.format(Locale.ROOT, "asked %d ms, ran with %s ms", wanted,
            millis(row.cfsPeriodMillis())), key -> new LinkedHashSet<>()).add(row.variant() + "/" + row.service());
      }
    }
    if (!changed.isEmpty()) {
      List<String> groups = new ArrayList<>();
      changed.forEach((change, services) -> groups.add(change + " (" + String.join(", ", services) + ")"));
      return " **CFS period not as asked**: " + String.join("; ", groups) + ", as the services' cgroups had it"
          + (onCluster ? ": on Kubernetes a pod's quota is enforced over the kubelet's period (its"
              + " cpuCFSQuotaPeriod, 100 ms by default), whatever a service asks, so the throttling and latencies here"
              + " are those of that period, not of the file's." : ".");
    }
    if (!onCluster) {
      return "";
    }
    String askedText = asked.stream().map(period -> period + " ms").collect(Collectors.joining(", "));
    return anyRead
        ? " Each service ran with the CFS period it asked (" + askedText + "), as its cgroup had it."
        : " The CFS period the pods ran with was not read from their cgroups (a point recorded before it was, or its replica gone):"
            + " on Kubernetes it is the kubelet's (its cpuCFSQuotaPeriod, 100 ms by default), whatever a service asks"
            + " (asked here: " + askedText + ").";
  }

  private static String millis(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
  }
}
