package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.grid.GridRow.StepOutcome;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.OpenLoop;
import dev.perflab.harness.load.StepLoad;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.measure.JvmGcLog;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One point of the grid, in a fresh container pinned like a measured launch (a set of one): its startup, a warm-up,
 * then the staircase, one run of the grid's load per step (a rate, a fixed count at a concurrency, or
 * a population of users), until the staircase ends, a step passes the stop condition, or the container
 * dies. The container is sampled every second from the host throughout; each step's latency is also
 * cut into seconds, each set beside the sample that covers it.
 */
final class GridPointRun {

  /** The sampler's period, and so the seconds a step's latency is cut into. */
  private static final long SECOND_MILLIS = StepLoad.WINDOW.toMillis();

  private final Lab lab;
  private final RequestMix mix;
  private final LimitsGridSpec spec;
  private final GridScale scale;

  GridPointRun(Lab lab, RequestMix mix, LimitsGridSpec spec, GridScale scale) {
    this.lab = lab;
    this.mix = mix;
    this.spec = spec;
    this.scale = scale;
  }

  /** The point's rows, one per step run (or one, step -1, for a point that died before load), and its seconds. */
  GridData run(GridPoint point) throws InterruptedException {
    RunningSet set;
    try {
      set = lab.sets().start(ContainerSet.of(point.cell()));
    } catch (CellLaunchException e) {
      return beforeLoad(Rows.beforeLoad(point, null, null, StepOutcome.DIED_AT_STARTUP, e.failure()));
    }
    try (set; ContainerSampler sampler = ContainerSampler.start(set.hostPids())) {
      RunningCell running = set.only();
      HostCgroups cgroups = HostCgroups.ofProcess(running.replica().hostPid());
      OpenLoop.run(running.address(), mix, spec.warmupRatePerSecond(), Duration.ZERO,
          Duration.ofSeconds(scale.warmupSeconds()), spec.maxConnections());
      if (!running.replica().stillRunning()) {
        return beforeLoad(Rows.beforeLoad(point, running.startup(), gcLog(running), StepOutcome.DIED,
            running.exited(point.id() + " died in its warm-up", "the load driver saw it go")));
      }
      GridData data = GridData.EMPTY;
      List<StepLoad> steps = scale.steps(spec.load(), spec.maxConnections());
      for (int step = 0; step < steps.size(); step++) {
        GridData stepData = step(point, running, sampler, cgroups, step, steps.get(step));
        data = data.plus(stepData);
        if (stepData.rows().getFirst().outcome() != StepOutcome.MEASURED) {
          break;
        }
      }
      return data;
    }
  }

  private static GridData beforeLoad(GridRow row) {
    return new GridData(List.of(row), List.of());
  }

  private GridData step(GridPoint point, RunningCell running, ContainerSampler sampler, HostCgroups cgroups, int step,
      StepLoad stepLoad) throws InterruptedException {
    long fromSamplerMillis = sampler.elapsedMillis() + stepLoad.settle().toMillis();
    long fromEpochMillis = System.currentTimeMillis() + stepLoad.settle().toMillis();
    StepResult load = stepLoad.run(running.address(), mix);
    long measuredMillis = Math.round(load.measuredSeconds() * 1000);
    long toSamplerMillis = fromSamplerMillis + measuredMillis;
    List<ContainerSample> samples = sampler.timeline().stream()
        .filter(sample -> sample.atMillis() > fromSamplerMillis && sample.atMillis() <= toSamplerMillis + 500)
        .toList();
    boolean alive = running.replica().stillRunning();
    Outcome.Failed failure = null;
    StepOutcome outcome = StepOutcome.MEASURED;
    long oomKills;
    if (!alive) {
      failure = running.exited(point.id() + " died at " + stepLoad.describe(), "the load driver saw it go");
      outcome = StepOutcome.DIED;
      oomKills = Boolean.TRUE.equals(failure.oomKilled()) ? 1 : 0;
    } else {
      oomKills = cgroups.oomKills();
      if (load.latency().p99Micros() / 1000.0 > spec.stopWhen().p99Millis()
          || load.errorRatio() > spec.stopWhen().errorRatio()) {
        outcome = StepOutcome.STOPPED;
      }
    }
    JvmGcLog gc = gcLog(running);
    long toEpochMillis = fromEpochMillis + measuredMillis;
    double cpuLimit = point.cpus().cores();
    double memoryLimit = point.cell().profile().memoryBytes();
    long periods = samples.stream().mapToLong(ContainerSample::periods).sum();
    GridRow row = Rows.builder(point)
        .timeToFirstOkMillis(running.startup().timeToFirstOkMillis())
        .cpuUntilReadySeconds(running.startup().cpuUntilReadySeconds())
        .jvmMaxHeapBytes(gc.choices().maxHeapBytes()).jvmGc(gc.choices().collector())
        .jvmActiveProcessors(gc.choices().activeProcessors())
        .step(step).offeredRatePerSecond(stepLoad.offeredRatePerSecond()).concurrency(stepLoad.concurrency())
        .achievedRatePerSecond(load.achievedRatePerSecond()).requests(load.requests()).errors(load.errors())
        .p50Millis(load.latency().p50Micros() / 1000.0).p95Millis(load.latency().p95Micros() / 1000.0)
        .p99Millis(load.latency().p99Micros() / 1000.0)
        .relativeCpuMean(mean(samples, sample -> sample.cpuCores() / cpuLimit))
        .relativeCpuMax(max(samples, sample -> sample.cpuCores() / cpuLimit))
        .relativeMemoryMean(mean(samples, sample -> sample.cgroupMemoryBytes() / memoryLimit))
        .relativeMemoryMax(max(samples, sample -> sample.cgroupMemoryBytes() / memoryLimit))
        .throttledPeriodsRatio(periods == 0 ? null
            : (double) samples.stream().mapToLong(ContainerSample::throttledPeriods).sum() / periods)
        .throttledMillis(samples.isEmpty() ? null : samples.stream().mapToDouble(ContainerSample::throttledMillis).sum())
        .gcPauseShare(gc.pauseShare(fromEpochMillis, toEpochMillis)).driverLagP99Micros(load.driverLagP99Micros())
        .oomKills(oomKills).lastMemoryBytes(lastMemory(sampler)).outcome(outcome)
        .failure(failure == null ? stopReason(outcome, load) : failure.describe())
        .build();
    return new GridData(List.of(row), row.measured() ? seconds(point, step, stepLoad, load, samples, fromSamplerMillis)
        : List.of());
  }

  /**
   * The step's latency per second beside the sample ending nearest that second's end (a sample
   * covers the second before it; the sampler's clock and the driver's differ by the driver's start).
   */
  private static List<GridSecond> seconds(GridPoint point, int step, StepLoad stepLoad, StepResult load,
      List<ContainerSample> samples, long fromSamplerMillis) {
    double cpuLimit = point.cpus().cores();
    double memoryLimit = point.cell().profile().memoryBytes();
    List<GridSecond> seconds = new ArrayList<>();
    for (int i = 0; i < load.seconds().size(); i++) {
      long end = fromSamplerMillis + (i + 1) * SECOND_MILLIS;
      ContainerSample sample = samples.stream()
          .filter(s -> Math.abs(s.atMillis() - end) <= SECOND_MILLIS / 2)
          .findFirst().orElse(null);
      LatencySummary window = load.seconds().get(i);
      boolean answered = window.count() > 0;
      seconds.add(new GridSecond(point.app().name(), point.mode().name(), cpuLimit, point.memoryMebibytes(),
          point.repetition(), step, stepLoad.offeredRatePerSecond(), stepLoad.concurrency(), i, window.count(),
          answered ? window.p50Micros() / 1000.0 : null, answered ? window.p95Micros() / 1000.0 : null,
          answered ? window.p99Micros() / 1000.0 : null,
          sample == null ? null : sample.cpuCores() / cpuLimit,
          sample == null ? null : sample.cgroupMemoryBytes() / memoryLimit,
          sample == null || sample.periods() == 0 ? null : (double) sample.throttledPeriods() / sample.periods()));
    }
    return seconds;
  }

  private String stopReason(StepOutcome outcome, StepResult load) {
    if (outcome != StepOutcome.STOPPED) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "stopped: p99 %.1f ms (stop above %.1f ms), %.2f %% errors (stop above %.2f %%)",
        load.latency().p99Micros() / 1000.0, spec.stopWhen().p99Millis(), load.errorRatio() * 100,
        spec.stopWhen().errorRatio() * 100);
  }

  private static JvmGcLog gcLog(RunningCell running) {
    return JvmGcLog.parse(running.replica().logs());
  }

  private static Long lastMemory(ContainerSampler sampler) {
    List<ContainerSample> timeline = sampler.timeline();
    return timeline.isEmpty() ? null : timeline.getLast().cgroupMemoryBytes();
  }

  private static Double mean(List<ContainerSample> samples, ToDoubleFunction<ContainerSample> value) {
    return samples.isEmpty() ? null : samples.stream().mapToDouble(value).average().orElseThrow();
  }

  private static Double max(List<ContainerSample> samples, ToDoubleFunction<ContainerSample> value) {
    return samples.isEmpty() ? null : samples.stream().mapToDouble(value).max().orElseThrow();
  }
}
