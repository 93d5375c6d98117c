package dev.perflab.harness.experiment.replication;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One configuration of the grid: the monolith with its replicas, or the split version with its gateway's,
 * worker's and rest's; reached through HAProxy ({@code balancer: haproxy}, left out) or, between services,
 * by Docker's DNS round robin ({@code balancer: dns}); with a replica killed in one more run after its clean ones, or not.
 *
 * @param name as the study names it where it does: MON-4, MSA-1-4-1
 * @param monolith the monolith's replicas; left out for the split version
 * @param gateway the split version's gateways (left out for the monolith)
 * @param worker the split version's heavy workers
 * @param rest the split version's "rest" (the users steps)
 * @param balancer how services reach each other: {@code haproxy} (left out) or {@code dns}
 * @param kill a replica killed in one more run after the configuration's clean ones; left out: none
 */
public record Configuration(String name, @JacksonInject(StrictYaml.ABSENT + "monolith") Integer monolith,
    @JacksonInject(StrictYaml.ABSENT + "gateway") Integer gateway,
    @JacksonInject(StrictYaml.ABSENT + "worker") Integer worker,
    @JacksonInject(StrictYaml.ABSENT + "rest") Integer rest,
    @JacksonInject(StrictYaml.ABSENT + "balancer") String balancer,
    @JacksonInject(StrictYaml.ABSENT + "kill") KillFault kill) {

  static final String HAPROXY = "haproxy";
  static final String DNS = "dns";
  /** The monolith's one service, and the split version's three, as the lab network names them. */
  static final String APP = "app";
  static final String GATEWAY = "gateway";
  static final String WORKER = "worker";
  static final String REST = "rest";

  public Configuration {
    required(name, "name");
    boolean split = gateway != null || worker != null || rest != null;
    if (monolith != null && split || monolith == null && (gateway == null || worker == null || rest == null)) {
      throw new IllegalArgumentException("configuration '" + name + "': give either 'monolith' (its replicas) or all"
          + " of 'gateway', 'worker' and 'rest' (the split version's replicas), not both");
    }
    for (Integer replicas : new Integer[] {monolith, gateway, worker, rest}) {
      if (replicas != null && (replicas < 1 || replicas > 16)) {
        throw new IllegalArgumentException("configuration '" + name + "': replicas must be between 1 and 16, got "
            + replicas);
      }
    }
    balancer = balancer == null ? HAPROXY : balancer;
    if (!balancer.equals(HAPROXY) && !balancer.equals(DNS)) {
      throw new IllegalArgumentException("configuration '" + name + "': 'balancer' is haproxy or dns, got '" + balancer
          + "'");
    }
    // The fields are not assigned yet in a compact constructor: the map is built from the arguments.
    Map<String, Integer> replicas = replicas(monolith, gateway, worker, rest);
    if (kill != null && !replicas.containsKey(kill.service())) {
      throw new IllegalArgumentException("configuration '" + name + "': 'kill.replica' " + kill.replica()
          + " is not a replica of it; its services are " + replicas.keySet());
    }
    if (kill != null && kill.number() > replicas.get(kill.service())) {
      throw new IllegalArgumentException("configuration '" + name + "': 'kill.replica' " + kill.replica() + " but "
          + kill.service() + " has " + replicas.get(kill.service()) + " replicas");
    }
  }

  boolean isMonolith() {
    return monolith != null;
  }

  /** Each service's replicas, in launch order. */
  Map<String, Integer> replicas() {
    return replicas(monolith, gateway, worker, rest);
  }

  private static Map<String, Integer> replicas(Integer monolith, Integer gateway, Integer worker, Integer rest) {
    Map<String, Integer> replicas = new LinkedHashMap<>();
    if (monolith != null) {
      replicas.put(APP, monolith);
    } else {
      replicas.put(REST, rest);
      replicas.put(WORKER, worker);
      replicas.put(GATEWAY, gateway);
    }
    return replicas;
  }

  int replicaCount() {
    return replicas().values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The study's version: "monolith" or "split". */
  String version() {
    return isMonolith() ? "monolith" : "split";
  }

  /** "×4" or "1-4-1" (gateway, worker, rest, as the study's MSA-g-w-r). */
  String shape() {
    return isMonolith() ? "x" + monolith : gateway + "-" + worker + "-" + rest;
  }

  /**
   * Behind HAProxy: a configuration of the study's own grid. A fault does not exclude it: its faulted run comes after
   * the clean ones, which alone give its figures.
   */
  boolean plain() {
    return balancer.equals(HAPROXY);
  }

  /**
   * A replica killed with SIGKILL {@code atSeconds} into one more run after the configuration's clean ones.
   *
   * @param replica a replica's name on the lab network, e.g. "worker-2"
   */
  public record KillFault(String replica, int atSeconds) {

    public KillFault {
      required(replica, "replica");
      if (!replica.matches("[a-z]+-[1-9][0-9]?")) {
        throw new IllegalArgumentException("'kill.replica' names a replica as the lab does, service-N (e.g."
            + " worker-2), got '" + replica + "'");
      }
      if (atSeconds < 1) {
        throw new IllegalArgumentException("'kill.atSeconds' must be at least 1, got " + atSeconds);
      }
    }

    String service() {
      return replica.substring(0, replica.lastIndexOf('-'));
    }

    int number() {
      return Integer.parseInt(replica.substring(replica.lastIndexOf('-') + 1));
    }
  }
}
