package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.ClosedLoop;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.ContainerSample;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A calibration round in the lab: the blocking variant in a fresh container at the round's limit, as each ramp
 * starts one (so the round's JVM compiles under the limit the ramps will have), the calibration's closed users
 * with the ramp's think time and mix, and the container's CPU sampled each second from the host; the mean of the
 * samples over the read seconds is the round's CPU.
 */
final class CpuCalibrationRun implements CpuCalibrator.Round {

  private static final Logger LOG = LoggerFactory.getLogger(CpuCalibrationRun.class);

  private final Lab lab;
  private final App app;
  private final Mode mode;
  private final long memoryMebibytes;
  private final RequestMix mix;
  private final Duration thinkTime;
  private final CpuCalibration settings;

  CpuCalibrationRun(Lab lab, App app, Mode mode, long memoryMebibytes, RequestMix mix, Duration thinkTime,
      CpuCalibration settings) {
    this.lab = lab;
    this.app = app;
    this.mode = mode;
    this.memoryMebibytes = memoryMebibytes;
    this.mix = mix;
    this.thinkTime = thinkTime;
    this.settings = settings;
  }

  @Override
  public CpuCalibrationRound run(int round, CpuLimit limit) throws InterruptedException {
    Cell cell = new Cell(app, mode, new ResourceProfile(limit.cores() + "cpu-" + memoryMebibytes + "m", limit,
        memoryMebibytes));
    RunningSet set;
    try {
      set = lab.sets().start(ContainerSet.of(cell));
    } catch (CellLaunchException e) {
      return CpuCalibrationRound.failed(round, limit.cores(), settings, app.name() + "'s container did not start: "
          + e.failure().describe());
    }
    Duration warmup = Duration.ofSeconds(settings.warmupSeconds());
    Duration read = Duration.ofSeconds(settings.seconds());
    try (set; ContainerSampler sampler = ContainerSampler.start(set.only().replica().hostPid())) {
      long fromMillis = sampler.elapsedMillis() + warmup.toMillis();
      ClosedLoadResult load = ClosedLoop.run(set.only().address(), mix,
          new ClosedModel(settings.users(), thinkTime, ClosedModel.ThinkTime.FIXED, warmup, read), read);
      // A sample covers the second before its time: those that end within the read seconds.
      List<ContainerSample> samples = sampler.timeline().stream()
          .filter(sample -> sample.atMillis() >= fromMillis + 1000 && sample.atMillis() <= fromMillis + read.toMillis())
          .toList();
      if (samples.isEmpty() || load.completed() == 0) {
        return CpuCalibrationRound.failed(round, limit.cores(), settings, samples.isEmpty()
            ? "no CPU sample of the container within the read seconds" : "no request was answered: "
                + load.errorSamples());
      }
      double cpuCores = samples.stream().mapToDouble(ContainerSample::cpuCores).average().orElseThrow();
      LOG.info("CPU calibration round {} at {}: {} users used {} cores ({} of the limit), {} answers/s", round, limit,
          settings.users(), String.format(Locale.ROOT, "%.3f", cpuCores),
          String.format(Locale.ROOT, "%.2f", cpuCores / limit.cores()),
          String.format(Locale.ROOT, "%.0f", load.achievedRatePerSecond()));
      return new CpuCalibrationRound(round, limit.cores(), settings.users(), settings.warmupSeconds(),
          settings.seconds(), cpuCores, cpuCores / limit.cores(), load.achievedRatePerSecond(),
          load.latency().p95Micros() / 1000.0, load.errors(), null);
    }
  }
}
