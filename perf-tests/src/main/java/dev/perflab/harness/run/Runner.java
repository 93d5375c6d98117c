package dev.perflab.harness.run;

import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.RecordedBudgets;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.RunKind;
import dev.perflab.harness.config.Settings;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LeftoverSweeper;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.reference.MachineReference;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * A run from its settings: the selected parts ({@link Parts}) one after another, each measuring on
 * its own, then the report. Where the perf run ({@code ./mvnw -Pperf verify}) and every comparison
 * start. The report is rewritten after each part, so a run that is stopped keeps what it measured.
 */
public final class Runner {

  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  private Runner() {}

  public static RunReport run(HarnessConfig config) throws IOException, InterruptedException {
    try (RunStop.Running running = RunStop.enterRun()) {
      return runParts(config);
    }
  }

  private static RunReport runParts(HarnessConfig config) throws IOException, InterruptedException {
    RunStop.check();
    Catalog catalog = CatalogLoader.load(config.catalogFile());
    List<Part> parts = Parts.selected(config);
    // Read before the report folder is cleared: a run that would measure nothing keeps the environment
    // its figures were measured in.
    Optional<EnvironmentRecord> measuredEarlier = measuredEarlier(parts, config, catalog);
    prepareReportDir(config);
    // A malformed budgets file fails now, not after the parts before the one that reads it.
    Budgets budgets = parts.stream().anyMatch(Part::usesBudgets)
        ? Budgets.forRun(config.budgetsFile(), catalog).orElse(null) : null;
    if (budgets == null && parts.stream().anyMatch(Part::usesBudgets)) {
      LOG.info("no budgets ({}): every cell is measured and reported, none asserted; budgets are proposed in {}",
          config.budgetsFile() == null ? "no perflab.budgets.file" : config.budgetsFile() + " has none",
          config.reportDir().resolve(RecordedBudgets.FILE));
    }
    // What earlier runs left (on both engines) goes before anything is measured, the machine reference included, and
    // the tags a killed cold-start run took from the engine come back before anything runs an image.
    LeftoverSweeper.Swept swept = Lab.sweepLeftovers(catalog);
    Images images = Images.local();
    // The machine first: how fast it runs the reference work today, under each profile's limits.
    EnvironmentRecord environment = measuredEarlier.orElseGet(() ->
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir())
            .withMachineReference(MachineReference.measure(catalog, referenceProfiles(catalog, parts)))
            .withSweptBeforeRun(swept.lines()));
    RunContext context = new RunContext(config, catalog, budgets, environment, images);
    String command = Settings.rerun("./mvnw -Pperf verify");

    List<PartResult> results = new ArrayList<>();
    Progress progress = Progress.of(parts.stream().map(part -> part.estimate(context)).toList());
    LOG.info("the run: {} ({}; -Dperflab.full=true runs every part, the capacity search included)",
        parts.stream().map(Part::name).toList(), progress.describeTotal());
    RunReport report = null;
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      LOG.info("part {} of {}: {} ({})", i + 1, parts.size(), part.name(), progress.beforePart(i));
      PartResult result = part.run(context);
      // A part that returned while the run was being stopped may hold what was measured as the lab went away.
      RunStop.check();
      progress.partDone(i);
      results.add(result);
      report = new RunReport(results.getFirst().document(), environment, command, results);
      ReportFiles.write(report, config.reportDir());
      writeProposedBudgets(results, catalog, command, config, environment);
      LOG.info("part {} of {}: {} done ({})", i + 1, parts.size(), part.name(), progress.afterPart(i));
    }
    return report;
  }

  /**
   * The environment every part says an earlier run measured all it would measure in ({@link
   * Part#measuredEarlier}), if they name the same one: such a run measures nothing, the machine reference
   * neither, since its report's figures all come from that earlier run.
   */
  private static Optional<EnvironmentRecord> measuredEarlier(List<Part> parts, HarnessConfig config,
      Catalog catalog) {
    List<Optional<EnvironmentRecord>> earlier = parts.stream().map(part -> part.measuredEarlier(config, catalog))
        .distinct().toList();
    if (earlier.size() != 1 || earlier.getFirst().isEmpty()) {
      return Optional.empty();
    }
    LOG.info("everything this run would measure was measured by an earlier run (recorded {}, commit {}): nothing is"
        + " measured again, the machine reference neither, and the report keeps that run's environment",
        earlier.getFirst().get().recordedAt(), earlier.getFirst().get().shortCommit());
    return earlier.getFirst();
  }

  /**
   * Every profile of the catalog's cells, or only the first when no part launches its cells under them (an
   * experiment's points have limits of their own): the pace is then the report's context, not a factor.
   */
  private static List<ResourceProfile> referenceProfiles(Catalog catalog, List<Part> parts) {
    List<ResourceProfile> profiles = catalog.cells().stream().map(Cell::profile).distinct().toList();
    return parts.stream().anyMatch(Part::usesEveryProfilesPace) ? profiles : profiles.stream().limit(1).toList();
  }

  /** Budgets from this run's medians, to review and commit (see {@link RecordedBudgets}). */
  private static void writeProposedBudgets(List<PartResult> results, Catalog catalog, String command,
      HarnessConfig config, EnvironmentRecord environment) throws IOException {
    StartupPart.Result startup = find(results, StartupPart.Result.class);
    if (startup == null) {
      return;
    }
    GatlingPart.Result gatling = find(results, GatlingPart.Result.class);
    List<String> budgetedSimulations = catalog.gatlingCells().isEmpty() ? List.of()
        : catalog.load().gatling().stream().filter(GatlingScenario::budgeted).map(GatlingScenario::name).toList();
    Optional<String> yaml = RecordedBudgets.yaml(startup.cells(), gatling == null ? null : gatling.gatling(),
        budgetedSimulations, command, startup.machineReference());
    if (yaml.isPresent()) {
      Files.writeString(config.reportDir().resolve(RecordedBudgets.FILE), yaml.get());
    }
  }

  private static <T extends PartResult> T find(List<PartResult> results, Class<T> type) {
    return results.stream().filter(type::isInstance).map(type::cast).findFirst().orElse(null);
  }

  /**
   * Refuses a comparison's report directory where it would write over a perf run's report
   * ({@link ComparisonReportDir}), then removes this kind of run's earlier files: an earlier report
   * must not be taken for this one's, should this one stop early.
   */
  static void prepareReportDir(HarnessConfig config) throws IOException {
    List<String> stale = new ArrayList<>(List.of(RunKind.SUMMARY, RunKind.PAGE, RunKind.COMPARISON.jsonFile(),
        RunKind.EXPERIMENT.jsonFile(), RecordedBudgets.FILE));
    if (config.kind() == RunKind.COMPARISON) {
      // Checked first: a refused comparison deletes nothing. It never deletes a results.json, which
      // may be the baseline it reads.
      ComparisonReportDir.check(config);
    } else if (config.kind() == RunKind.PERF_RUN) {
      // An experiment keeps its folder's points/: a killed run resumes from them.
      stale.add(RunKind.PERF_RUN.jsonFile());
    }
    for (String file : stale) {
      Files.deleteIfExists(config.reportDir().resolve(file));
    }
  }
}
