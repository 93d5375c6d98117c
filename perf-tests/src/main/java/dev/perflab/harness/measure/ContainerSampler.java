package dev.perflab.harness.measure;

import dev.perflab.harness.measure.HostCgroups.Throttling;
import dev.perflab.harness.result.ContainerSample;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a container every second while load runs: CPU used, CPU throttling and memory. Reads
 * host files only (no Docker API call, nothing run in the container), so sampling costs the
 * container nothing.
 */
public final class ContainerSampler implements AutoCloseable {

  private final long pid;
  private final HostCgroups cgroups;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "perflab-container-sampler");
    thread.setDaemon(true);
    return thread;
  });
  private final List<ContainerSample> samples = new ArrayList<>();
  private final long startNanos = System.nanoTime();
  private long lastNanos;
  private long lastCpuNanos;
  private Throttling lastThrottling;

  private ContainerSampler(long pid) {
    this.pid = pid;
    this.cgroups = HostCgroups.ofProcess(pid);
    this.lastNanos = startNanos;
    this.lastCpuNanos = cgroups.cpuUsageNanos();
    this.lastThrottling = cgroups.throttling();
  }

  /** Starts sampling host process {@code pid} (a container's main process) every second. */
  public static ContainerSampler start(long pid) {
    ContainerSampler sampler = new ContainerSampler(pid);
    sampler.timer.scheduleAtFixedRate(sampler::sample, 1, 1, TimeUnit.SECONDS);
    return sampler;
  }

  private synchronized void sample() {
    long now = System.nanoTime();
    long cpu = cgroups.cpuUsageNanos();
    Throttling throttling = cgroups.throttling();
    samples.add(new ContainerSample(
        (now - startNanos) / 1_000_000,
        (double) (cpu - lastCpuNanos) / (now - lastNanos),
        throttling.throttledPeriods() - lastThrottling.throttledPeriods(),
        throttling.periods() - lastThrottling.periods(),
        (throttling.throttledNanos() - lastThrottling.throttledNanos()) / 1e6,
        cgroups.memoryUsageBytes(),
        ProcessMemory.rssBytes(pid)));
    lastNanos = now;
    lastCpuNanos = cpu;
    lastThrottling = throttling;
  }

  /** Milliseconds since sampling started: the scale of {@link ContainerSample#atMillis()}. */
  public long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** The samples so far, oldest first. */
  public synchronized List<ContainerSample> timeline() {
    return List.copyOf(samples);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
