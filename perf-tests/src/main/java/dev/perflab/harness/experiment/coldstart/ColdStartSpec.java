package dev.perflab.harness.experiment.coldstart;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LocalRegistry;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.ThrottledRelay;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: cold-start} experiment ({@code coldStart:}), and its engine: repeated
 * zero-to-one launches of each app x mode, given its database or not, its image cached or pulled from
 * the catalog's local registry with none of its layers on the engine before the pull.
 *
 * @param profile the catalog's resource profile every launch runs under
 * @param pullMegabitsPerSecond a cap on the registry's answers (a relay in front of it), or null for
 *     loopback's own speed, which hides the cost of a megabyte
 * @param analysis what the findings are judged against
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record ColdStartSpec(String profile, Double pullMegabitsPerSecond, ColdStartAnalysis analysis,
    Map<String, ColdStartScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("cold-start", "coldStart", ColdStartSpec.class,
      ColdStartFindings.IDS, List.of(ColdStartDataset.CSV, ColdStartDataset.JSON));

  public ColdStartSpec {
    required(profile, "profile");
    if (pullMegabitsPerSecond != null && !(pullMegabitsPerSecond > 0)) {
      throw new IllegalArgumentException("'pullMegabitsPerSecond' must be above 0, or null for no cap; got "
          + pullMegabitsPerSecond);
    }
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
  }

  /** The scale of this name; the file's scales listed if it has none of that name. */
  public ColdStartScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  @Override
  public void check(SpecCheck check) {
    check.profile(profile, "coldStart.profile");
    check.mode(analysis.mode(), "coldStart.analysis.mode");
    analysis.cachedOrder().forEach(app -> check.app(app, "coldStart.analysis.cachedOrder"));
    scales.forEach((name, scale) -> {
      scale.apps().forEach(app -> check.app(app, "coldStart.scales." + name + ".apps"));
      scale.modes().forEach(mode -> check.mode(mode, "coldStart.scales." + name + ".modes"));
    });
  }

  /**
   * About 8 s a cached launch (start to first OK, removal), 20 s a pulled one (the images sharing a
   * layer taken away, the pull, the launch), a minute of pushes first.
   */
  @Override
  public Duration estimate(String scaleName) {
    ColdStartScale scale = scale(scaleName);
    long perSource = (long) scale.apps().size() * scale.modes().size() * scale.databases().size();
    long cached = scale.images().contains(ImageSource.CACHED) ? perSource * scale.repetitions() : 0;
    long pulled = scale.images().contains(ImageSource.PULLED) ? perSource * scale.repetitions() : 0;
    return Duration.ofSeconds(8 * (cached + perSource) + 20 * pulled + (pulled > 0 ? 60 : 0));
  }

  /**
   * Opens the lab without the downstream stub (no app calls it before its first OK, and its image shares
   * the JRE layer a pull must fetch); with pulls, the registry (and the relay of a capped pull). Every
   * tag taken from the engine is back when the run ends, however it ends short of a kill; after a kill,
   * when the next lab opens.
   */
  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), ColdStartPlan.toCheck(Images.local()::find,
        run.catalog().without(LabService.DOWNSTREAM), this, run.scale()));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    ColdStartScale scale = scale(run.scale());
    Catalog catalog = run.catalog().without(LabService.DOWNSTREAM);
    Sweep.Outcome<ColdStartData> outcome;
    try (Lab lab = Lab.open(catalog, run.config())) {
      if (!scale.images().contains(ImageSource.PULLED)) {
        outcome = Sweep.run(run.reportDir(), new ColdStartPlan(lab, catalog, this, run.scale(), null, null));
      } else {
        // Should the run be stopped, its thread is interrupted and may not finish the restore: the exit finishes it.
        RunStop.Cleanup exitRestore = RunStop.onExit("the image tags the cold start took", () -> restoreAtExit(catalog));
        try (LocalRegistry registry = LocalRegistry.start(catalog.registry(), catalog.harnessCpuset());
             ThrottledRelay relay = pullMegabitsPerSecond == null ? null
                 : ThrottledRelay.start(registry.port(), pullMegabitsPerSecond)) {
          try {
            String pullAddress = relay == null ? registry.address() : "127.0.0.1:" + relay.port();
            outcome = Sweep.run(run.reportDir(), new ColdStartPlan(lab, catalog, this, run.scale(), registry,
                pullAddress));
          } finally {
            registry.restore();
          }
        }
        LocalRegistry.removeVolume();
        RunStop.remove(exitRestore);
      }
    }
    return ColdStartResult.of(run, this, outcome);
  }

  /** Every tag the registry's volume holds back on the engine, and the volume gone: a stopped run's last step. */
  private static void restoreAtExit(Catalog catalog) {
    try {
      LocalRegistry.restoreLeftovers(catalog.registry(), catalog.harnessCpuset());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
