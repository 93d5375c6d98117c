package dev.perflab.harness.load;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.stats.Distribution;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One load cell driven by the open-model driver: a fresh pinned container, warmed up, driven at a
 * fixed rate while sampled (with the app's request mix, or the catalog's one request), then
 * searched for capacity (last: it may push the container past what it survives).
 */
public final class LoadRun {

  private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

  private LoadRun() {}

  public static CellLoad drive(Lab lab, Cell cell, LoadSettings settings) {
    Images.Found image = lab.images().require("load " + cell.id(), cell.mode(), cell.image());
    if (!image.present()) {
      return CellLoad.notDriven(cell.id(), image.problem());
    }
    RequestMix requests = settings.requests(cell.app());
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      InetSocketAddress target = running.address();
      LoadResult fixedRate;
      List<ContainerSample> timeline;
      try (ContainerSampler sampler = ContainerSampler.start(running.container().hostPid())) {
        fixedRate = warmThenMeasure(target, requests, settings);
        timeline = sampler.timeline();
      }
      if (!running.container().stillRunning()) {
        return CellLoad.notDriven(cell.id(), running.exited("load " + cell.id(), "the container exited at the fixed rate"));
      }
      Distribution windowP99 = fixedRate.windowP99Micros();
      LOG.info("{} at {}/s: p50 {} µs, p99 {} µs (windows' median {} µs, {}–{}), {} errors", cell.id(),
          settings.fixedRatePerSecond(), fixedRate.latency().p50Micros(), fixedRate.latency().p99Micros(),
          Math.round(windowP99.median()), Math.round(windowP99.min()), Math.round(windowP99.max()), fixedRate.errors());
      Capacity capacity = CapacitySearch.run(target, requests, settings, running.container()::stillRunning);
      LOG.info("{}: capacity {}/s at p99 <= {} ms", cell.id(), Math.round(capacity.ratePerSecond()),
          settings.sloP99Millis());
      String exited = running.container().stillRunning() ? null
          : running.exited("load " + cell.id(), "exited in the capacity search").describe();
      return new CellLoad(cell.id(), Outcome.MEASURED, fixedRate, timeline, capacity, exited);
    } catch (CellLaunchException e) {
      return CellLoad.notDriven(cell.id(), e.failure());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CellLoad.notDriven(cell.id(), Outcome.Failed.of("load " + cell.id(), "interrupted"));
    } catch (RuntimeException e) {
      LOG.error("{}: load run failed", cell.id(), e);
      return CellLoad.notDriven(cell.id(), Outcome.Failed.of("load " + cell.id(), e.toString()));
    }
  }

  /** The warm-up at its own rate: the JIT's thresholds are counts, so a faster warm-up reaches steady code sooner. */
  static void warmUp(InetSocketAddress target, RequestMix requests, LoadSettings settings)
      throws InterruptedException {
    OpenLoop.run(target, requests, settings.warmupRatePerSecond(), Duration.ZERO, settings.warmup(),
        settings.maxConnections());
  }

  /** The warm-up, then the measured run at the fixed rate, after the settle. */
  static LoadResult warmThenMeasure(InetSocketAddress target, RequestMix requests, LoadSettings settings)
      throws InterruptedException {
    warmUp(target, requests, settings);
    return OpenLoop.run(target, requests, settings.fixedRatePerSecond(), LoadSettings.SETTLE, settings.measure(),
        settings.window(), settings.maxConnections());
  }
}
