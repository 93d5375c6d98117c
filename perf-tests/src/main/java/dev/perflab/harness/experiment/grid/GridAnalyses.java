package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.grid.GridPoints.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The limits grid's analyses, from its dataset alone: the knee of latency against the CPU limit, the
 * latency by relative-CPU bin (per second), the memory floor, the recommended limits and the catalog's profiles
 * read against them; then the study's findings ({@link GridFindings}). Everything is read at the
 * analysis' target step (a rate, or a concurrency of a closed staircase). Repetitions of a point count
 * by their median; a point that stopped or died before the target step has not met it.
 */
public final class GridAnalyses {

  /** Relative-CPU bins of 0.2, as the study drew them. */
  static final double BIN_WIDTH = 0.2;

  private GridAnalyses() {}

  public static GridReport analyse(GridData data, GridAnalysis settings, List<FindingClaim> claims,
      List<ProfileAtRate> profiles) {
    GridPoints points = new GridPoints(data.rows());
    List<CpuCurve> curves = points.appModes().stream().map(appMode -> curve(points, appMode, settings)).toList();
    List<MemoryFloor> floors = points.appModes().stream().map(appMode -> floor(points, appMode, settings)).toList();
    List<RecommendedLimits> recommended =
        points.appModes().stream().map(appMode -> recommend(points, appMode, settings)).toList();
    List<ProfileCheck> checks = new ArrayList<>();
    for (ProfileAtRate profile : profiles) {
      int i = points.appModes().indexOf(profile.appMode());
      if (i >= 0) {
        checks.add(check(points, profile, floors.get(i), settings));
      }
    }
    List<RelativeCpuBin> bins = bins(data.seconds());
    GridReport partial = new GridReport(settings, List.of(), recommended, curves, floors, checks,
        bins);
    return new GridReport(settings, GridFindings.evaluate(claims, partial, points, data.seconds()), recommended,
        curves, floors, checks, bins);
  }

  private static CpuCurve curve(GridPoints points, String appMode, GridAnalysis settings) {
    long memory = points.memories(appMode).getLast();
    List<CpuCurve.Point> curve = new ArrayList<>();
    for (double cpus : points.cpus(appMode)) {
      List<Run> runs = points.runs(appMode, cpus, memory);
      DescriptiveStatistics p95 = stats(runs, run -> run.at(settings.target()).map(GridRow::p95Millis));
      curve.add(new CpuCurve.Point(cpus, p95.getN() == 0 ? null : p95.getPercentile(50),
          p95.getN() == 0 ? null : p95.getMin(), p95.getN() == 0 ? null : p95.getMax(), (int) p95.getN(), runs.size()));
    }
    String[] parts = appMode.split("/");
    return new CpuCurve(parts[0], parts[1], memory, curve, knee(curve, settings));
  }

  /**
   * The smallest CPU limit that reached the target step and beyond which every further step is flat
   * ({@link #flat}); null if the last step still falls (the largest limit has no further step to show
   * it flat: the knee is then beyond the grid).
   */
  static Double knee(List<CpuCurve.Point> curve, GridAnalysis settings) {
    for (int i = 0; i + 1 < curve.size(); i++) {
      if (curve.get(i).p95MedianMillis() == null) {
        continue;
      }
      boolean flat = true;
      for (int j = i; j + 1 < curve.size() && flat; j++) {
        flat = flat(curve.get(j), curve.get(j + 1), settings);
      }
      if (flat) {
        return curve.get(i).cpuLimitCores();
      }
    }
    return null;
  }

  /**
   * Whether p95 stops falling from {@code here} to {@code next}: it improves by less than the
   * percentage, by less than the floor, or by less than the spread of either point's repetitions
   * (a fall the repetitions themselves span is not one).
   */
  static boolean flat(CpuCurve.Point here, CpuCurve.Point next, GridAnalysis settings) {
    if (here.p95MedianMillis() == null || next.p95MedianMillis() == null) {
      return false;
    }
    double improvement = here.p95MedianMillis() - next.p95MedianMillis();
    return improvement < here.p95MedianMillis() * settings.kneeImprovementPercent() / 100
        || improvement < settings.kneeFloorMillis()
        || improvement < Math.max(spread(here), spread(next));
  }

  /** Max minus min of the point's repetitions at the target step; 0 with fewer than two. */
  private static double spread(CpuCurve.Point point) {
    return point.reached() < 2 ? 0 : point.p95MaxMillis() - point.p95MinMillis();
  }

  private static MemoryFloor floor(GridPoints points, String appMode, GridAnalysis settings) {
    List<String> below = new ArrayList<>();
    for (long memory : points.memories(appMode)) {
      List<Run> runs = points.runs(appMode).stream().filter(run -> run.memory() == memory).toList();
      List<Run> died = runs.stream().filter(run -> run.diedBy(settings.target())).toList();
      if (died.isEmpty()) {
        return new MemoryFloor(appModePart(appMode, 0), appModePart(appMode, 1), memory, String.join("; ", below));
      }
      below.add(memory + " MiB: " + died.size() + " of " + runs.size() + " died (" + causes(died) + ")");
    }
    return new MemoryFloor(appModePart(appMode, 0), appModePart(appMode, 1), null, String.join("; ", below));
  }

  private static String causes(List<Run> died) {
    return String.join(", ", died.stream().map(run -> run.cpus() + " CPU "
        + (run.death().orElseThrow().outcome() == GridRow.StepOutcome.DIED_AT_STARTUP ? "at startup" : "under load")
        + (run.death().orElseThrow().oomKills() > 0 ? " (OOM kill)" : "")).toList());
  }

  private static RecommendedLimits recommend(GridPoints points, String appMode, GridAnalysis settings) {
    String nearest = null;
    for (double cpus : points.cpus(appMode)) {
      for (long memory : points.memories(appMode)) {
        List<Run> runs = points.runs(appMode, cpus, memory);
        double target = settings.target();
        if (runs.isEmpty() || runs.stream().anyMatch(run -> run.at(target).isEmpty())) {
          continue;
        }
        double p99 = stats(runs, run -> run.at(target).map(GridRow::p99Millis)).getPercentile(50);
        double cpu = stats(runs, run -> run.at(target).map(GridRow::relativeCpuMean)).getPercentile(50);
        double mem = stats(runs, run -> run.at(target).map(GridRow::relativeMemoryMax)).getPercentile(50);
        if (p99 <= settings.sloP99Millis() && settings.cpuWithin(cpu) && mem <= settings.maxRelativeMemory()) {
          return new RecommendedLimits(appModePart(appMode, 0), appModePart(appMode, 1), cpus, memory, p99, cpu, mem,
              String.format(Locale.ROOT, "margins: p99 %.1f ms under %.0f ms, %srelative memory %.2f under %.2f",
                  settings.sloP99Millis() - p99, settings.sloP99Millis(), settings.maxRelativeCpu() == null ? ""
                      : String.format(Locale.ROOT, "relative CPU %.2f under %.2f, ", settings.maxRelativeCpu() - cpu,
                          settings.maxRelativeCpu()),
                  settings.maxRelativeMemory() - mem, settings.maxRelativeMemory()));
        }
        if (nearest == null || settings.cpuWithin(cpu)) {
          nearest = String.format(Locale.ROOT, "none on the grid; nearest %s CPU / %d MiB: p99 %.1f ms, relative CPU"
              + " %.2f, relative memory %.2f", cpus, memory, p99, cpu, mem);
        }
      }
    }
    return new RecommendedLimits(appModePart(appMode, 0), appModePart(appMode, 1), null, null, null, null, null,
        nearest == null ? "none on the grid: no point ran the " + settings.targetLabel() + " step to its end" : nearest);
  }

  private static ProfileCheck check(GridPoints points, ProfileAtRate atRate, MemoryFloor floor, GridAnalysis settings) {
    ResourceProfile profile = atRate.profile();
    String app = atRate.app();
    String mode = atRate.mode();
    double rate = atRate.ratePerSecond();
    List<Run> runs = points.runs(atRate.appMode(), profile.cpus().cores(), profile.memoryMebibytes());
    if (runs.isEmpty()) {
      return new ProfileCheck(profile.name(), app, mode, rate, false, List.of());
    }
    List<String> problems = new ArrayList<>();
    if (floor.floorMebibytes() == null || profile.memoryMebibytes() < floor.floorMebibytes()) {
      problems.add("below the memory floor (" + (floor.floorMebibytes() == null ? "none on the grid"
          : floor.floorMebibytes() + " MiB") + ")");
    }
    if (runs.stream().anyMatch(run -> run.diedBy(rate))) {
      problems.add("died by " + Math.round(rate) + " requests/s");
    } else if (runs.stream().anyMatch(run -> run.at(rate).isEmpty())) {
      boolean rateOnStaircase = runs.stream().flatMap(run -> run.rows().stream())
          .anyMatch(row -> row.offeredRatePerSecond() != null && row.offeredRatePerSecond() == rate);
      if (!rateOnStaircase && runs.stream().noneMatch(run -> run.rows().getLast().outcome() == GridRow.StepOutcome.STOPPED)) {
        return new ProfileCheck(profile.name(), app, mode, rate, false, List.of());
      }
      problems.add("did not sustain " + Math.round(rate) + " requests/s (its staircase stopped before)");
    } else {
      double cpu = stats(runs, run -> run.at(rate).map(GridRow::relativeCpuMean)).getPercentile(50);
      double mem = stats(runs, run -> run.at(rate).map(GridRow::relativeMemoryMax)).getPercentile(50);
      if (!settings.cpuWithin(cpu)) {
        problems.add(String.format(Locale.ROOT, "relative CPU %.2f over %.2f", cpu, settings.maxRelativeCpu()));
      }
      if (mem > settings.maxRelativeMemory()) {
        problems.add(String.format(Locale.ROOT, "relative memory %.2f over %.2f", mem, settings.maxRelativeMemory()));
      }
    }
    return new ProfileCheck(profile.name(), app, mode, rate, true, problems);
  }

  static List<RelativeCpuBin> bins(List<GridSecond> seconds) {
    List<RelativeCpuBin> bins = new ArrayList<>();
    int count = (int) Math.round(1 / BIN_WIDTH);
    for (int i = 0; i < count; i++) {
      double from = Math.round(i * BIN_WIDTH * 10) / 10.0;
      double to = Math.round((i + 1) * BIN_WIDTH * 10) / 10.0;
      boolean last = i == count - 1;
      DescriptiveStatistics p95 = new DescriptiveStatistics();
      seconds.stream().filter(second -> second.relativeCpu() != null && second.p95Millis() != null)
          .filter(second -> second.relativeCpu() >= from && (last || second.relativeCpu() < to))
          .forEach(second -> p95.addValue(second.p95Millis()));
      bins.add(new RelativeCpuBin(from, to, (int) p95.getN(), p95.getN() == 0 ? null : p95.getPercentile(50),
          p95.getN() == 0 ? null : p95.getPercentile(90), p95.getN() == 0 ? null : p95.getMax()));
    }
    return bins;
  }

  private static DescriptiveStatistics stats(List<Run> runs, Function<Run, Optional<Double>> value) {
    DescriptiveStatistics stats = new DescriptiveStatistics();
    runs.forEach(run -> value.apply(run).ifPresent(stats::addValue));
    return stats;
  }

  /** The app (0) or the mode (1) of an "app/mode" key of {@link GridPoints}. */
  static String appModePart(String appMode, int index) {
    return appMode.split("/")[index];
  }
}
