package dev.perflab.harness.measure;

import dev.perflab.harness.measure.HostCgroups.Throttling;
import dev.perflab.harness.result.ContainerSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples containers every second while load runs: CPU used, CPU throttling and memory. All containers
 * of a point on one clock: each tick reads every one of them and stamps them with the same
 * {@link ContainerSample#atMillis()}, so their seconds line up with each other and with the load's.
 * Reads host files only (no Docker API call, nothing run in the container), so sampling costs the
 * containers nothing.
 */
public final class ContainerSampler implements AutoCloseable {

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "perflab-container-sampler");
    thread.setDaemon(true);
    return thread;
  });
  private final Map<String, Target> targets = new LinkedHashMap<>();
  private final long startNanos = System.nanoTime();

  private ContainerSampler(Map<String, Long> pids) {
    pids.forEach((name, pid) -> targets.put(name, new Target(pid, startNanos)));
  }

  /** Starts sampling host process {@code pid} (a container's main process) every second. */
  public static ContainerSampler start(long pid) {
    return start(Map.of("", pid));
  }

  /** Starts sampling these host processes (containers' main processes, by name) every second, on one clock. */
  public static ContainerSampler start(Map<String, Long> pidsByName) {
    if (pidsByName.isEmpty()) {
      throw new IllegalArgumentException("nothing to sample: no container given");
    }
    ContainerSampler sampler = new ContainerSampler(pidsByName);
    sampler.timer.scheduleAtFixedRate(sampler::sample, 1, 1, TimeUnit.SECONDS);
    return sampler;
  }

  private synchronized void sample() {
    long now = System.nanoTime();
    // A container that has gone stops having samples; the others keep theirs.
    targets.values().forEach(target -> target.sample(now, (now - startNanos) / 1_000_000));
  }

  /** Milliseconds since sampling started: the scale of {@link ContainerSample#atMillis()}. */
  public long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** The samples so far of the one container sampled, oldest first. */
  public synchronized List<ContainerSample> timeline() {
    if (targets.size() != 1) {
      throw new IllegalStateException("this sampler samples " + targets.keySet() + ": ask for one by name");
    }
    return List.copyOf(targets.values().iterator().next().samples);
  }

  /** The samples so far of the container of this name, oldest first. */
  public synchronized List<ContainerSample> timeline(String name) {
    Target target = targets.get(name);
    if (target == null) {
      throw new IllegalArgumentException("no container '" + name + "' is sampled; these are: " + targets.keySet());
    }
    return List.copyOf(target.samples);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** One container: its cgroup files, its counters at the last tick, its samples. */
  private static final class Target {
    private final long pid;
    private final HostCgroups cgroups;
    private final List<ContainerSample> samples = new ArrayList<>();
    private boolean gone;
    private long lastNanos;
    private long lastCpuNanos;
    private Throttling lastThrottling;

    Target(long pid, long startNanos) {
      this.pid = pid;
      this.cgroups = HostCgroups.ofProcess(pid);
      this.lastNanos = startNanos;
      this.lastCpuNanos = cgroups.cpuUsageNanos();
      this.lastThrottling = cgroups.throttling();
    }

    void sample(long now, long atMillis) {
      if (gone) {
        return;
      }
      try {
        long cpu = cgroups.cpuUsageNanos();
        Throttling throttling = cgroups.throttling();
        samples.add(new ContainerSample(
            atMillis,
            (double) (cpu - lastCpuNanos) / (now - lastNanos),
            throttling.throttledPeriods() - lastThrottling.throttledPeriods(),
            throttling.periods() - lastThrottling.periods(),
            (throttling.throttledNanos() - lastThrottling.throttledNanos()) / 1e6,
            cgroups.memoryUsageBytes(),
            ProcessMemory.rssBytes(pid)));
        lastNanos = now;
        lastCpuNanos = cpu;
        lastThrottling = throttling;
      } catch (RuntimeException e) {
        // Its cgroup or process is gone: the container exited (the caller sees how from Docker).
        gone = true;
      }
    }
  }
}
