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
 * past what it survives). A cell whose rate follows from its capacity is searched first and then
 * driven at that share of it.
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
      return settings.rateFromCapacity()
          ? rateFromCapacity(lab, cell, settings, requests)
          : fixedThenCapacity(lab, cell, settings, requests, searchCapacity);
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

  /** The catalog's way: a fresh container at the fixed rate, then (when asked) its capacity in the same one. */
  private static CellLoad fixedThenCapacity(Lab lab, Cell cell, LoadSettings settings, RequestMix requests,
      boolean searchCapacity) throws CellLaunchException, InterruptedException {
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      CellLoad measured = atFixedRate(cell, running, requests, settings, null, null);
      if (!measured.outcome().measured() || !searchCapacity) {
        return measured;
      }
      Found found = searchCapacity(lab, cell, settings, requests, settings.fixedRatePerSecond(), running);
      return new CellLoad(cell.id(), settings, Outcome.MEASURED, measured.fixedRate(), measured.timeline(),
          found.capacity(), found.exited());
    }
  }

  /**
   * The capacity first (from the warm-up rate, after the warm-up), then the fixed rate at its share.
   * The fixed rate is measured in the container the search ran in when it lived through it: by then
   * its JIT has compiled for rates up to the capacity, where a fresh container warmed up at a rate
   * nobody knew to choose may still be compiling (PetClinic, warmed up at 100/s for 30 s, spent its
   * measured 40 s at 275/s on one busy core). Where it died, in a fresh one after the warm-up.
   */
  private static CellLoad rateFromCapacity(Lab lab, Cell cell, LoadSettings settings, RequestMix requests)
      throws CellLaunchException, InterruptedException {
    Found found;
    LoadSettings atShare;
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      warmUp(running.address(), requests, settings);
      found = searchCapacity(lab, cell, settings, requests, settings.warmupRatePerSecond(), running);
      atShare = atShareOf(cell, settings, found.capacity());
      if (atShare != null && found.exited() == null) {
        return atFixedRate(cell, running, requests, atShare, found.capacity(), null);
      }
    }
    if (atShare == null) {
      return noRate(cell, settings, found.capacity(), found.exited());
    }
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      return atFixedRate(cell, running, requests, atShare, found.capacity(), found.exited());
    }
  }

  /** The settings with the fixed rate at the share of {@code capacity}, or null when that is under 1/s. */
  private static LoadSettings atShareOf(Cell cell, LoadSettings settings, Capacity capacity) {
    long rate = settings.rateAtShareOf(capacity.ratePerSecond());
    if (rate < 1) {
      return null;
    }
    LOG.info("{}: fixed rate {}/s = {} of the capacity {}/s", cell.id(), rate, settings.fixedRateShareOfCapacity(),
        Math.round(capacity.ratePerSecond()));
    return settings.withFixedRate((int) rate);
  }

  private static CellLoad noRate(Cell cell, LoadSettings settings, Capacity capacity, String exited) {
    return new CellLoad(cell.id(), settings, Outcome.Failed.of("load " + cell.id(), "no rate tried met the p99"
        + " objective of " + settings.sloP99Millis() + " ms (the lowest: " + lowestRate(capacity) + "/s), so there"
        + " is no fixed rate to measure at; raise apps[].load.sloP99Millis or give a fixedRatePerSecond"),
        null, List.of(), capacity, exited);
  }

  /** The warm-up, then the fixed rate, in {@code running}, sampled throughout. */
  private static CellLoad atFixedRate(Cell cell, RunningCell running, RequestMix requests, LoadSettings settings,
      Capacity capacity, String exited) throws InterruptedException {
    LoadResult fixedRate;
    List<ContainerSample> timeline;
    try (ContainerSampler sampler = ContainerSampler.start(running.replica().hostPid())) {
      fixedRate = warmThenMeasure(running.address(), requests, settings);
      timeline = sampler.timeline();
    }
    if (!running.replica().stillRunning()) {
      return CellLoad.notDriven(cell.id(), settings,
          running.exited("load " + cell.id(), "the container exited at the fixed rate"));
    }
    Distribution windowP99 = fixedRate.windowP99Micros();
    LOG.info("{} at {}/s: p50 {} µs, p99 {} µs (windows' median {} µs, {}–{}), {} errors", cell.id(),
        settings.fixedRatePerSecond(), fixedRate.latency().p50Micros(), fixedRate.latency().p99Micros(),
        Math.round(windowP99.median()), Math.round(windowP99.min()), Math.round(windowP99.max()), fixedRate.errors());
    return new CellLoad(cell.id(), settings, Outcome.MEASURED, fixedRate, timeline, capacity, exited);
  }

  /** The capacity, and how the first container that died under the search ended (null if none did). */
  record Found(Capacity capacity, String exited) {}

  /**
   * The capacity search from {@code startRate} in {@code warmed}, a container already warmed up
   * (the caller closes it), going on in fresh warmed-up containers when one dies under a step.
   */
  static Found searchCapacity(Lab lab, Cell cell, LoadSettings settings, RequestMix requests, double startRate,
      RunningCell warmed) throws CellLaunchException, InterruptedException {
    CapacitySearch search = CapacitySearch.from(startRate, requests, settings);
    Optional<Capacity> capacity = search.continueOn(warmed.address(), warmed.replica()::stillRunning);
    if (capacity.isPresent()) {
      LOG.info("{}: capacity {}/s at p99 <= {} ms", cell.id(), Math.round(capacity.get().ratePerSecond()),
          settings.sloP99Millis());
      return new Found(capacity.get(), null);
    }
    return goOn(lab, cell, settings, requests, search,
        warmed.exited("load " + cell.id(), "exited in the capacity search").describe());
  }

  /** After a container died under the search: on in fresh warmed-up containers, up to {@value #MAX_FRESH_CONTAINERS}. */
  private static Found goOn(Lab lab, Cell cell, LoadSettings settings, RequestMix requests, CapacitySearch search,
      String firstDeath) throws CellLaunchException, InterruptedException {
    Optional<Capacity> capacity = Optional.empty();
    while (capacity.isEmpty() && search.freshContainers() < MAX_FRESH_CONTAINERS) {
      try (RunningCell running = lab.launcher().startPinned(cell)) {
        warmUp(running.address(), requests, settings);
        capacity = search.continueOn(running.address(), running.replica()::stillRunning);
      }
    }
    Capacity result = capacity.orElseGet(search::endedByDeath);
    LOG.info("{}: capacity {}/s at p99 <= {} ms ({} fresh container(s) after one died)", cell.id(),
        Math.round(result.ratePerSecond()), settings.sloP99Millis(), result.freshContainers());
    return new Found(result, firstDeath);
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
