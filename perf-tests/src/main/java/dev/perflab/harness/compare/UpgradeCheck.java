package dev.perflab.harness.compare;

import dev.perflab.harness.build.VersionBuild;
import dev.perflab.harness.build.VersionBuildResult;
import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Toolchain;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A framework-upgrade check's two sides: one app built at version A and at version B (images
 * tagged apart by version), every selected cell of that app paired across them. The catalog's own
 * version is not rebuilt when its images are there: the perf build that runs this has just built
 * them from this checkout. Builds run before the lab opens, whose sweep would remove an AOT
 * training's database.
 */
record UpgradeCheck(List<CellPair> pairs, List<String> notes) {

  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);

  static UpgradeCheck prepare(Catalog catalog, List<Cell> selected, CompareSettings settings, HarnessConfig config,
      Images images) throws InterruptedException {
    App app = catalog.apps().stream().filter(a -> a.name().equals(settings.upgradeApp())).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("perflab.upgrade.app = " + settings.upgradeApp()
            + ": no such app; the apps are " + catalog.apps().stream().map(App::name).toList()));
    if (app.frameworkVersionProperty() == null || app.module() == null) {
      throw new IllegalArgumentException("perflab.upgrade.app = " + app.name() + ": its catalog entry names no module"
          + " and frameworkVersionProperty, so perflab cannot build it at another version");
    }
    String from = settings.upgradeFrom() == null ? app.frameworkVersion() : settings.upgradeFrom();
    String to = settings.upgradeTo();
    if (from.equals(to)) {
      throw new IllegalArgumentException("perflab.upgrade.from and perflab.upgrade.to are both " + to
          + ": an upgrade check compares two versions (to compare a build with itself, use -Dperflab.compare=aa)");
    }
    List<Cell> cells = selected.stream().filter(cell -> cell.app().name().equals(app.name())).toList();
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("perflab.cells selects no cell of " + app.name());
    }
    List<Mode> modes = cells.stream().map(Cell::mode).distinct()
        .filter(mode -> mode.toolchain() == null || Toolchain.locate(mode.toolchain()).isPresent()).toList();
    List<String> notes = new ArrayList<>();
    VersionBuild builder = new VersionBuild(config.projectDir(), config.reportDir().resolve("upgrade-builds"),
        BUILD_TIMEOUT, images);
    for (String version : List.of(from, to)) {
      App atVersion = app.atVersion(version);
      boolean built = version.equals(app.frameworkVersion())
          && modes.stream().allMatch(mode -> images.find(atVersion.imageFor(mode)).isPresent());
      if (built) {
        notes.add(app.name() + " " + version + ": the images this checkout's build has just made.");
        continue;
      }
      VersionBuildResult result = builder.build(app, version, modes);
      if (!result.built()) {
        throw new IllegalStateException(((Outcome.Failed) result.outcome()).describe());
      }
      notes.add(String.format(Locale.ROOT, "%s %s: built for this check in %.0f s (%s).", app.name(), version,
          result.wallMillis() / 1000.0, String.join(" ", result.command())));
    }
    App a = app.atVersion(from);
    App b = app.atVersion(to);
    List<CellPair> pairs = cells.stream()
        .map(cell -> new CellPair(new Cell(a, cell.mode(), cell.profile()), new Cell(b, cell.mode(), cell.profile())))
        .toList();
    notes.add("A is " + app.name() + " " + from + ", B " + app.name() + " " + to + ".");
    return new UpgradeCheck(pairs, notes);
  }
}
