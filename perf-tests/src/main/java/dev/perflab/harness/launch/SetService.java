package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service of a {@link ContainerSet}: its name on the lab network (every replica answers to it, or, with
 * a balancer in {@link BalancerSpec.Mode#HAPROXY}, the balancer does; each replica also to {@code name-1},
 * {@code name-2}, ...), its app and mode under its CPU and memory limits
 * (the cell; an own-service catalog's app is an image like any other), the CFS period its CPU quota is
 * enforced over, its replicas, and environment added to what the lab sets for the app.
 *
 * @param environment overrides the lab's own variables of the same name: {@code DOWNSTREAM_URL:
 *     http://store:8080} points an app's downstream calls at another service of the set
 */
public record SetService(String name, Cell cell, Duration cfsPeriod, int replicas, Map<String, String> environment) {

  /** Docker's own period, what {@code --cpus} enforces over: a set of one runs as a cell always has. */
  public static final Duration DOCKER_CFS_PERIOD = Duration.ofMillis(100);
  /** The kernel's bounds for cpu.cfs_period_us and the smallest quota it takes, in microseconds. */
  private static final long MIN_PERIOD_MICROS = 1_000;
  private static final long MAX_PERIOD_MICROS = 1_000_000;
  private static final long MIN_QUOTA_MICROS = 1_000;
  /** A DNS label, which is what the lab network's resolver answers for. */
  private static final Pattern NAME = Pattern.compile("[a-z]([a-z0-9-]{0,50}[a-z0-9])?");

  public SetService {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a service's name is how the others reach it on the lab network, so it must be"
          + " a DNS label (lower-case letters, digits and '-', starting with a letter), got '" + name + "'");
    }
    if (replicas < 1) {
      throw new IllegalArgumentException("service '" + name + "': replicas must be at least 1, got " + replicas);
    }
    long periodMicros = cfsPeriod.toNanos() / 1000;
    if (periodMicros < MIN_PERIOD_MICROS || periodMicros > MAX_PERIOD_MICROS || cfsPeriod.toNanos() % 1000 != 0) {
      throw new IllegalArgumentException("service '" + name + "': the CFS period must be a whole number of microseconds"
          + " from 1 ms to 1 s (the kernel's bounds), got " + cfsPeriod.toNanos() / 1e6 + " ms");
    }
    long quotaMicros = cell.profile().cpus().quotaMicros(periodMicros);
    if (quotaMicros < MIN_QUOTA_MICROS) {
      throw new IllegalArgumentException("service '" + name + "': " + cell.profile().cpus() + " over a "
          + periodMicros / 1000.0 + " ms period is a quota of " + quotaMicros + " µs, under the kernel's 1 ms minimum;"
          + " lengthen the period to at least " + Math.ceilDiv(MIN_QUOTA_MICROS * 1000, cell.profile().cpus().millicores())
          + " µs");
    }
    environment = Map.copyOf(environment);
  }

  /** One replica of a cell with Docker's period and nothing added: how a cell has always run. */
  public static SetService of(String name, Cell cell) {
    return new SetService(name, cell, DOCKER_CFS_PERIOD, 1, Map.of());
  }

  /** The name replica {@code replica} (from 1) also answers to, and is labelled and sampled by. */
  public String replicaName(int replica) {
    return name + "-" + replica;
  }

  /** Its CPU quotas together, in thousandths of a core: what it asks of the measured CPUs. */
  long millicores() {
    return cell.profile().cpus().millicores() * replicas;
  }
}
