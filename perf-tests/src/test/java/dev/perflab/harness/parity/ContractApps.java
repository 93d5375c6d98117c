package dev.perflab.harness.parity;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lab and every image that answers the perflab contract (each app in each mode, in the
 * catalog's first profile), as the parity tests run them: each a service node of
 * {@link ParityTable#NODE_SPEC} (docs/contract-v4.md). Apps that do not answer the contract
 * (contract: false) are left out; without any, the test is skipped.
 */
final class ContractApps implements AutoCloseable {

  private final Lab lab;
  private final List<RunningCell> apps = new ArrayList<>();
  private final List<RunningCell> withoutDatabase = new ArrayList<>();

  private ContractApps(Lab lab) {
    this.lab = lab;
  }

  static ContractApps start() throws CellLaunchException {
    HarnessConfig config = HarnessConfig.load();
    Catalog catalog = CatalogLoader.load(config.catalogFile());
    assumeTrue(catalog.apps().stream().anyMatch(App::contract),
        "no app of this run's catalog (perflab.catalog) answers the perflab contract (contract: true)");
    ContractApps started = new ContractApps(Lab.open(catalog, config));
    String profile = catalog.profiles().getFirst().name();
    try {
      for (Cell cell : catalog.cells()) {
        if (cell.app().contract() && cell.profile().name().equals(profile) && started.available(cell)) {
          started.apps.add(started.lab.launcher().start(withNodeSpec(cell.app(), cell, ParityTable.NODE_SPEC)));
        }
      }
    } catch (CellLaunchException | RuntimeException e) {
      started.close();
      throw e;
    }
    return started;
  }

  /**
   * Starts, beside the others, each contract app in {@code mode} without a database (the catalog's
   * app {@code without} it: no database of its own, no DATABASE_* variables); closed with the rest.
   * They get {@link ParityTable#BAD_NODE_SPEC} too: a second start of each app proves both that it
   * needs no database and that a spec which is not valid stops nothing but /node.
   */
  List<RunningCell> startWithoutDatabase(String mode) throws CellLaunchException {
    for (RunningCell app : apps) {
      Cell cell = app.cell();
      if (cell.mode().name().equals(mode)) {
        withoutDatabase.add(lab.launcher().start(
            withNodeSpec(cell.app().without(LabService.DATABASE), cell, ParityTable.BAD_NODE_SPEC)));
      }
    }
    return withoutDatabase;
  }

  /** {@code app}, under its own name, given {@code spec} as NODE_SPEC, in {@code cell}'s mode and profile. */
  private static Cell withNodeSpec(App app, Cell cell, String spec) {
    return new Cell(app.variant(app.name(), Map.of(ParityTable.NODE_SPEC_VARIABLE, spec)), cell.mode(), cell.profile());
  }

  Lab lab() {
    return lab;
  }

  List<RunningCell> apps() {
    return apps;
  }

  static String name(RunningCell app) {
    return app.cell().app().name() + "/" + app.cell().mode().name();
  }

  @Override
  public void close() {
    apps.forEach(RunningCell::close);
    withoutDatabase.forEach(RunningCell::close);
    lab.close();
  }

  /** Every image, except one of a mode that cannot be built here (native); a missing image fails at its start. */
  private boolean available(Cell cell) {
    Images.Found image = lab.images().require(cell.id(), cell.mode(), cell.image());
    boolean unavailable = !image.present() && image.problem().unavailable();
    if (unavailable) {
      System.out.println("parity: " + cell.id() + " left out: " + image.problem().summary());
    }
    return !unavailable;
  }
}
