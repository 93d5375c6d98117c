package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.CpuLimit;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The load balancer of a {@link ContainerSet}: one HAProxy container in front of every service's replicas, the
 * host's one entry point to the set (its edge), and in {@link Mode#HAPROXY} also what the services reach each
 * other through.
 *
 * @param cpus its CPU quota, taken from the measured CPUs beside the services' own
 * @param memoryMebibytes its memory limit, also its memory+swap limit
 * @param connectTimeout how long it waits for a replica to accept a connection before it retries another
 * @param serverTimeout how long a replica may take to answer; also how long a client may stay silent
 * @param checkInterval the time between two health checks of one replica
 * @param healthPath what every replica's health check GETs: a 2xx or 3xx answer is healthy
 * @param edgeRoutes path prefix to service for requests from the host, e.g. {@code {"/users": "rest"}}: a prefix
 *     matches that path and any below it ({@code /users}, {@code /users/7}), not {@code /usersX}; the longest
 *     prefix wins
 * @param edgeDefault the service for any other path from the host (for a monolith, its only service)
 */
public record BalancerSpec(Mode mode, Policy policy, CpuLimit cpus, long memoryMebibytes, Duration connectTimeout,
    Duration serverTimeout, Duration checkInterval, String healthPath, Map<String, String> edgeRoutes,
    String edgeDefault) {

  /** How the services of the set reach each other. */
  public enum Mode {
    /**
     * Through the balancer: it answers to every service's name, no replica does (only to its own name-N). The names
     * resolve once the balancer runs, after every replica answers: a service that calls another while it starts
     * finds no one.
     */
    HAPROXY,
    /** Through Docker's DNS round robin over the replicas, as without a balancer; the balancer is the edge only. */
    DNS
  }

  /** How a backend picks the replica for a request. */
  public enum Policy {
    ROUND_ROBIN("roundrobin"),
    /** The replica with the fewest requests in flight, which spreads slow requests better. */
    LEAST_CONNECTIONS("leastconn");

    private final String keyword;

    Policy(String keyword) {
      this.keyword = keyword;
    }

    /** HAProxy's name for it ({@code balance <keyword>}). */
    public String keyword() {
      return keyword;
    }
  }

  /** Docker refuses a memory limit under this. */
  private static final long MIN_MEMORY_MEBIBYTES = 6;
  /** A path without spaces or characters HAProxy's configuration would read as syntax. */
  private static final Pattern PATH = Pattern.compile("/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*");

  public BalancerSpec {
    Objects.requireNonNull(mode, "the balancer's mode (HAPROXY or DNS)");
    Objects.requireNonNull(policy, "the balancer's policy (ROUND_ROBIN or LEAST_CONNECTIONS)");
    Objects.requireNonNull(cpus, "the balancer's CPU limit");
    if (memoryMebibytes < MIN_MEMORY_MEBIBYTES) {
      throw new IllegalArgumentException("the balancer's memory limit must be at least " + MIN_MEMORY_MEBIBYTES
          + " MiB (Docker's minimum), got " + memoryMebibytes + " MiB");
    }
    requireMillis(connectTimeout, "connectTimeout");
    requireMillis(serverTimeout, "serverTimeout");
    requireMillis(checkInterval, "checkInterval");
    if (healthPath == null || !PATH.matcher(healthPath).matches()) {
      throw new IllegalArgumentException("the balancer's healthPath must be a path starting with '/', without spaces"
          + " or quotes, got '" + healthPath + "'");
    }
    edgeRoutes = Map.copyOf(Objects.requireNonNull(edgeRoutes, "the balancer's edgeRoutes (empty for none)"));
    edgeRoutes.forEach((prefix, service) -> {
      if (!PATH.matcher(prefix).matches() || prefix.endsWith("/")) {
        throw new IllegalArgumentException("the balancer's edge route '" + prefix + "' must be a path starting with '/'"
            + " and not ending with one (it matches the path and those below it), without spaces or quotes");
      }
    });
    Objects.requireNonNull(edgeDefault, "the balancer's edgeDefault: the service for a path no edge route names");
  }

  private static void requireMillis(Duration timeout, String name) {
    if (timeout == null || timeout.toMillis() < 1) {
      throw new IllegalArgumentException("the balancer's " + name + " must be at least 1 ms, got " + timeout);
    }
  }
}
