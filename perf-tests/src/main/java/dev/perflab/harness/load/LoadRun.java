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
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One load cell driven by the open-model driver, with its app's own rates: a fresh pinned
 * container, warmed up, driven at a fixed rate while sampled (with the app's request mix, or the
 * catalog's one request), then, when asked, searched for capacity (last: it may push the container
 * past what it survives). A cell whose rate follows from its capacity is searched first, in a
 * container of its own, and then driven at that share of it in a fresh one.
 */
public final class LoadRun {

  /** Containers a capacity search may go on in after the one it started in died. */
  static final int MAX_FRESH_CONTAINERS = 3;

  private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

  private LoadRun() {}

  /**
   * @param catalogSettings the catalog's load settings; the cell's app and mode may set their own
   * @param searchCapacity whether to search the capacity after the fixed rate (always done, first,
   *     for a cell whose rate follows from it)
   */
  public static CellLoad drive(Lab lab, Cell cell, LoadSettings catalogSettings, boolean searchCapacity) {
    LoadSettings settings = catalogSettings.forCell(cell);
    Images.Found image = lab.images().require("load " + cell.id(), cell.mode(), cell.image());
    if (!image.present()) {
      return CellLoad.notDriven(cell.id(), settings, image.problem());
    }
    RequestMix requests = settings.requests(cell.app());
    try {
      Found found = null;
      if (settings.rateFromCapacity()) {
        found = searchCapacity(lab, cell, settings, requests, settings.warmupRatePerSecond(), null);
        long rate = Math.round(settings.fixedRateShareOfCapacity() * found.capacity().ratePerSecond());
        if (rate < 1) {
          return new CellLoad(cell.id(), settings, Outcome.Failed.of("load " + cell.id(), "no rate tried met the p99"
              + " objective of " + settings.sloP99Millis() + " ms (the lowest: " + lowestRate(found.capacity()) + "/s),"
              + " so there is no fixed rate to measure at; raise apps[].load.sloP99Millis or give a"
              + " fixedRatePerSecond"), null, List.of(), found.capacity(), found.exited());
        }
        settings = settings.withFixedRate((int) rate);
        LOG.info("{}: fixed rate {}/s = {} of the capacity {}/s", cell.id(), rate, settings.fixedRateShareOfCapacity(),
            Math.round(found.capacity().ratePerSecond()));
      }
      try (RunningCell running = lab.launcher().startPinned(cell)) {
        InetSocketAddress target = running.address();
        LoadResult fixedRate;
        List<ContainerSample> timeline;
        try (ContainerSampler sampler = ContainerSampler.start(running.container().hostPid())) {
          fixedRate = warmThenMeasure(target, requests, settings);
          timeline = sampler.timeline();
        }
        if (!running.container().stillRunning()) {
          return CellLoad.notDriven(cell.id(), settings,
              running.exited("load " + cell.id(), "the container exited at the fixed rate"));
        }
        Distribution windowP99 = fixedRate.windowP99Micros();
        LOG.info("{} at {}/s: p50 {} µs, p99 {} µs (windows' median {} µs, {}–{}), {} errors", cell.id(),
            settings.fixedRatePerSecond(), fixedRate.latency().p50Micros(), fixedRate.latency().p99Micros(),
            Math.round(windowP99.median()), Math.round(windowP99.min()), Math.round(windowP99.max()),
            fixedRate.errors());
        if (found == null && searchCapacity) {
          found = searchCapacity(lab, cell, settings, requests, settings.fixedRatePerSecond(), running);
        }
        return new CellLoad(cell.id(), settings, Outcome.MEASURED, fixedRate, timeline,
            found == null ? null : found.capacity(), found == null ? null : found.exited());
      }
    } catch (CellLaunchException e) {
      return CellLoad.notDriven(cell.id(), settings, e.failure());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CellLoad.notDriven(cell.id(), settings, Outcome.Failed.of("load " + cell.id(), "interrupted"));
    } catch (RuntimeException e) {
      LOG.error("{}: load run failed", cell.id(), e);
      return CellLoad.notDriven(cell.id(), settings, Outcome.Failed.of("load " + cell.id(), e.toString()));
    }
  }

  /** The capacity, and how the first container that died under the search ended (null if none did). */
  record Found(Capacity capacity, String exited) {}

  /**
   * The capacity search from {@code startRate}: in {@code warmed} if given (a container already
   * warmed up, left to the caller to close), else in a fresh warmed-up one; going on in fresh
   * warmed-up containers when one dies under a step.
   */
  static Found searchCapacity(Lab lab, Cell cell, LoadSettings settings, RequestMix requests, double startRate,
      RunningCell warmed) throws CellLaunchException, InterruptedException {
    CapacitySearch search = CapacitySearch.from(startRate, requests, settings);
    String exited = null;
    Optional<Capacity> capacity = warmed == null ? Optional.empty()
        : search.continueOn(warmed.address(), warmed.container()::stillRunning);
    if (warmed != null && capacity.isEmpty()) {
      exited = warmed.exited("load " + cell.id(), "exited in the capacity search").describe();
    }
    while (capacity.isEmpty() && search.freshContainers() < MAX_FRESH_CONTAINERS) {
      try (RunningCell running = lab.launcher().startPinned(cell)) {
        warmUp(running.address(), requests, settings);
        capacity = search.continueOn(running.address(), running.container()::stillRunning);
        if (capacity.isEmpty() && exited == null) {
          exited = running.exited("load " + cell.id(), "exited in the capacity search").describe();
        }
      }
    }
    Capacity result = capacity.orElseGet(search::endedByDeath);
    LOG.info("{}: capacity {}/s at p99 <= {} ms{}", cell.id(), Math.round(result.ratePerSecond()),
        settings.sloP99Millis(), result.freshContainers() == 0 ? ""
            : " (" + result.freshContainers() + " fresh container(s) after one died)");
    return new Found(result, exited);
  }

  private static long lowestRate(Capacity capacity) {
    return Math.round(capacity.steps().stream().mapToDouble(step -> step.ratePerSecond()).min().orElse(0));
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
