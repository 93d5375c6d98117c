package dev.perflab.harness.load;

import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.build.Toolchain;
import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.stats.Distribution;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * The load part of a perf run: every app in the catalog's load modes, one cell after another
 * (never two at once), each a fresh pinned container warmed up, driven at a fixed rate while sampled
 * (with the app's request mix, or the catalog's one request), then by each Gatling simulation (apps
 * that answer the perflab contract only), then searched for capacity (last: it may push the
 * container past what it survives). A cell that fails is reported and the others still run.
 */
public final class LoadRun {

  private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);
  private static final int LOG_TAIL_LINES = 20;

  private LoadRun() {}

  /** Every load cell; Gatling's reports go under {@code reportDir}/gatling. */
  public static List<CellLoad> run(Lab lab, Catalog catalog, Budgets budgets, Path reportDir) {
    List<CellLoad> loads = new ArrayList<>();
    for (Cell cell : catalog.loadCells()) {
      loads.add(drive(lab, cell, catalog.load(), budgets, reportDir));
    }
    return List.copyOf(loads);
  }

  /** One cell; {@code budgets} null runs the simulations without assertions. */
  static CellLoad drive(Lab lab, Cell cell, LoadSettings settings, Budgets budgets, Path reportDir) {
    Optional<String> unavailable = Toolchain.whyUnavailable(cell.mode(), cell.image(),
        ImageInfo.find(DockerClientFactory.instance().client(), cell.image()).isPresent());
    if (unavailable.isPresent()) {
      return CellLoad.unavailable(cell.id(), unavailable.get());
    }
    RequestMix requests = settings.requests(cell.app());
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      InetSocketAddress target = new InetSocketAddress(running.container().networkIp(), cell.app().port());
      LoadResult fixedRate;
      List<ContainerSample> timeline;
      try (ContainerSampler sampler = ContainerSampler.start(running.container().hostPid())) {
        fixedRate = warmThenMeasure(target, requests, settings);
        timeline = sampler.timeline();
      }
      if (!running.container().stillRunning()) {
        return CellLoad.failed(cell.id(), "the container exited at the fixed rate: " + exit(running));
      }
      Distribution windowP99 = fixedRate.windowP99Micros();
      LOG.info("{} at {}/s: p50 {} µs, p99 {} µs (windows' median {} µs, {}–{}), {} errors", cell.id(),
          settings.fixedRatePerSecond(), fixedRate.latency().p50Micros(), fixedRate.latency().p99Micros(),
          Math.round(windowP99.median()), Math.round(windowP99.min()), Math.round(windowP99.max()), fixedRate.errors());
      List<GatlingRun> gatling = new ArrayList<>();
      URI base = URI.create("http://" + target.getHostString() + ":" + target.getPort());
      String gatlingSkipped = whyGatlingSkipped(cell.app()).orElse(null);
      if (gatlingSkipped != null) {
        LOG.info("{}: Gatling skipped: {}", cell.id(), gatlingSkipped);
      }
      List<GatlingScenario> scenarios = gatlingSkipped == null ? settings.gatling() : List.of();
      for (GatlingScenario scenario : scenarios) {
        GatlingRun run = GatlingRunner.run(scenario, base, LabLabels.RUN_ID + "-" + scenario.name(),
            budgets == null ? null : budgets.gatling(cell.id(), scenario.name()),
            reportDir.resolve("gatling").resolve(cell.id().replace('/', '_')).resolve(scenario.name()),
            reportDir, running.container().hostPid());
        LOG.info("{} {}: exit code {}, {}", cell.id(), scenario.name(), run.exitCode(),
            run.global() == null ? run.failure() : run.global());
        gatling.add(run);
        if (!running.container().stillRunning()) {
          return new CellLoad(cell.id(), fixedRate, timeline, gatling, null, null,
              "the container exited during Gatling " + scenario.name() + ": " + exit(running), null, null);
        }
      }
      Capacity capacity = CapacitySearch.run(target, requests, settings, running.container()::stillRunning);
      LOG.info("{}: capacity {}/s at p99 <= {} ms", cell.id(), Math.round(capacity.ratePerSecond()),
          settings.sloP99Millis());
      String exited = running.container().stillRunning() ? null : exit(running);
      return new CellLoad(cell.id(), fixedRate, timeline, gatling, capacity, exited, null, null, gatlingSkipped);
    } catch (CellLaunchException e) {
      return CellLoad.failed(cell.id(), e.failure().describe());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CellLoad.failed(cell.id(), "interrupted");
    } catch (RuntimeException e) {
      LOG.error("{}: load run failed", cell.id(), e);
      return CellLoad.failed(cell.id(), e.toString());
    }
  }

  /** Why Gatling does not run against the app's cells, if it does not: it does not answer the perflab contract. */
  static Optional<String> whyGatlingSkipped(App app) {
    return app.contract() ? Optional.empty() : Optional.of("app '" + app.name() + "' has contract: false, and the"
        + " Gatling simulations exercise the perflab contract (docs/contract-v1.md, v2) it does not answer");
  }

  /** The warm-up at its own rate, then the measured run at the fixed rate, after the settle. */
  static LoadResult warmThenMeasure(InetSocketAddress target, RequestMix requests, LoadSettings settings)
      throws InterruptedException {
    OpenLoop.run(target, requests, settings.warmupRatePerSecond(), Duration.ZERO, settings.warmup(),
        settings.maxConnections());
    return OpenLoop.run(target, requests, settings.fixedRatePerSecond(), LoadSettings.SETTLE, settings.measure(),
        settings.window(), settings.maxConnections());
  }

  /** Exit code, OOM kill and the end of the log of a container that has stopped. */
  private static String exit(RunningCell running) {
    var state = DockerClientFactory.instance().client().inspectContainerCmd(running.container().getContainerId())
        .exec().getState();
    return "exit code " + state.getExitCodeLong() + (Boolean.TRUE.equals(state.getOOMKilled())
        ? ", killed by the kernel's OOM killer (memory limit)" : "") + "; last log lines:\n" + tail(running.container().getLogs());
  }

  /** The last lines of a log, for a failure message. */
  static String tail(String log) {
    List<String> lines = Arrays.asList(log.split("\n"));
    return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
  }
}
