package dev.perflab.harness.load;

import dev.perflab.harness.budget.GatlingBudget;
import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Gatling simulations against one load cell: a fresh pinned container, given the open-model
 * driver's warm-up (so its JIT has compiled the hot path, as in the load part), then each
 * simulation in the catalog's order. Only apps that answer the perflab contract, which the
 * simulations exercise; for the others the cell is skipped, with the reason.
 */
public final class GatlingDrive {

  private static final Logger LOG = LoggerFactory.getLogger(GatlingDrive.class);

  private GatlingDrive() {}

  /**
   * @param budgets the Gatling budget of a simulation against this cell, by name, or null for none
   * @param reportDir the perf report's directory: Gatling's reports go under its gatling/
   */
  public static CellGatling drive(Lab lab, Cell cell, LoadSettings settings, Function<String, GatlingBudget> budgets,
      Path reportDir) {
    Optional<String> skipped = whySkipped(cell.app());
    if (skipped.isPresent()) {
      LOG.info("{}: Gatling skipped: {}", cell.id(), skipped.get());
      return CellGatling.skipped(cell.id(), skipped.get());
    }
    String subject = "Gatling " + cell.id();
    Images.Found image = lab.images().require(subject, cell.mode(), cell.image());
    if (!image.present()) {
      return new CellGatling(cell.id(), image.problem(), List.of(), null);
    }
    List<GatlingRun> runs = new ArrayList<>();
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      InetSocketAddress target = running.address();
      LoadRun.warmUp(target, settings.requests(cell.app()), settings.forCell(cell));
      URI base = URI.create("http://" + target.getHostString() + ":" + target.getPort());
      for (GatlingScenario scenario : settings.gatling()) {
        GatlingRun run = GatlingRunner.run(scenario, base, LabLabels.RUN_ID + "-" + scenario.name(),
            budgets.apply(scenario.name()),
            reportDir.resolve("gatling").resolve(cell.id().replace('/', '_')).resolve(scenario.name()),
            reportDir, running.replica().hostPid());
        LOG.info("{} {}: exit code {}, {}", cell.id(), scenario.name(), run.exitCode(),
            run.global() == null ? run.outcome().summary() : run.global());
        runs.add(run);
        if (!running.replica().stillRunning()) {
          return new CellGatling(cell.id(), running.exited(subject, "the container exited during Gatling "
              + scenario.name()), runs, null);
        }
      }
      return new CellGatling(cell.id(), Outcome.MEASURED, runs, null);
    } catch (CellLaunchException e) {
      return new CellGatling(cell.id(), e.failure(), runs, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new CellGatling(cell.id(), Outcome.Failed.of(subject, "interrupted"), runs, null);
    } catch (RuntimeException e) {
      LOG.error("{}: Gatling failed", cell.id(), e);
      return new CellGatling(cell.id(), Outcome.Failed.of(subject, e.toString()), runs, null);
    }
  }

  /** Why Gatling does not run against the app's cells, if it does not: it does not answer the perflab contract. */
  static Optional<String> whySkipped(App app) {
    return app.contract() ? Optional.empty() : Optional.of("app '" + app.name() + "' has contract: false, and the"
        + " Gatling simulations exercise the perflab contract (docs/contract-v1.md, v2) it does not answer");
  }
}
