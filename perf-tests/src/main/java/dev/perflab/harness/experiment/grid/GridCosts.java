package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.grid.GridPoints.Run;
import dev.perflab.harness.experiment.grid.LimitsCost.Basis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * What the grid's points cost, from its dataset alone: the rate each point sustains within the objective,
 * its limits billed by the {@link CostModel}, per million requests and for the model's load. Per app and mode
 * two points are costed: the recommended limits, and the cheapest per million requests on the grid (which may
 * run hotter than the alert levels the recommendation keeps).
 */
final class GridCosts {

  private GridCosts() {}

  static CostReport reckon(GridData data, GridReport report, CostModel model) {
    GridPoints points = new GridPoints(data.rows());
    double sloP99Millis = report.settings().sloP99Millis();
    List<LimitsCost> costs = new ArrayList<>();
    for (String appMode : points.appModes()) {
      String app = GridAnalyses.appModePart(appMode, 0);
      String mode = GridAnalyses.appModePart(appMode, 1);
      RecommendedLimits recommended = report.recommended().stream()
          .filter(limits -> (limits.app() + "/" + limits.mode()).equals(appMode)).findFirst().orElseThrow();
      if (recommended.found()) {
        List<Run> runs = points.runs(appMode, recommended.cpuLimitCores(), recommended.memoryLimitMebibytes());
        double sustained = sustained(runs, sloP99Millis, model);
        costs.add(sustained > 0
            ? cost(app, mode, Basis.RECOMMENDED, recommended.cpuLimitCores(), recommended.memoryLimitMebibytes(),
                sustained, topped(runs, sloP99Millis, model), model)
            : LimitsCost.none(app, mode, Basis.RECOMMENDED, "no step at the recommended limits had at most "
                + percent(model.maxErrorRatio()) + " errors within the objective"));
      } else {
        costs.add(LimitsCost.none(app, mode, Basis.RECOMMENDED, "no recommended limits: " + recommended.note()));
      }
      costs.add(cheapest(points, appMode, app, mode, sloP99Millis, model));
    }
    return new CostReport(model, costs);
  }

  private static LimitsCost cheapest(GridPoints points, String appMode, String app, String mode, double sloP99Millis,
      CostModel model) {
    LimitsCost cheapest = null;
    for (double cpus : points.cpus(appMode)) {
      for (long memory : points.memories(appMode)) {
        List<Run> runs = points.runs(appMode, cpus, memory);
        double sustained = runs.isEmpty() ? 0 : sustained(runs, sloP99Millis, model);
        if (sustained > 0) {
          LimitsCost here = cost(app, mode, Basis.CHEAPEST, cpus, memory, sustained, topped(runs, sloP99Millis, model),
              model);
          if (cheapest == null || here.usdPerMillionRequests() < cheapest.usdPerMillionRequests()) {
            cheapest = here;
          }
        }
      }
    }
    return cheapest != null ? cheapest : LimitsCost.none(app, mode, Basis.CHEAPEST, String.format(Locale.ROOT,
        "no point ran a step within p99 %s ms and %s errors", sloP99Millis, percent(model.maxErrorRatio())));
  }

  /** @param topped whether a repetition met the objective at its staircase's top step (its rate is a floor) */
  static LimitsCost cost(String app, String mode, Basis basis, double cpus, long memory, double sustained,
      boolean topped, CostModel model) {
    double usdPerHour = model.usdPerHour(cpus, memory);
    int perNode = model.instancesPerNode(cpus, memory);
    int instances = (int) Math.ceil(model.loadRatePerSecond() / sustained);
    Integer nodes = perNode == 0 ? null : (instances + perNode - 1) / perNode;
    return new LimitsCost(app, mode, basis, cpus, memory, sustained, usdPerHour,
        usdPerHour / (sustained * 3600) * 1e6, perNode, instances, nodes, instances * usdPerHour,
        note(perNode == 0 ? "one instance does not fit a node's headroom" : null,
            topped ? "within the objective at the staircase's top step: it may sustain more, and cost less a million"
                : null));
  }

  private static String note(String... parts) {
    String joined = String.join("; ", Arrays.stream(parts).filter(Objects::nonNull).toList());
    return joined.isEmpty() ? null : joined;
  }

  /**
   * The median over repetitions of each one's highest achieved rate within the objective (p99 at most the
   * objective, errors at most the model's ratio); a repetition with no such step counts as 0.
   */
  static double sustained(List<Run> runs, double sloP99Millis, CostModel model) {
    DescriptiveStatistics rates = new DescriptiveStatistics();
    for (Run run : runs) {
      rates.addValue(run.rows().stream().filter(row -> within(row, sloP99Millis, model))
          .mapToDouble(GridRow::achievedRatePerSecond).max().orElse(0));
    }
    return rates.getPercentile(50);
  }

  /** Whether a repetition's staircase ran out within the objective: its last step, run to its end, met it. */
  static boolean topped(List<Run> runs, double sloP99Millis, CostModel model) {
    return runs.stream().anyMatch(run -> run.rows().getLast().outcome() == GridRow.StepOutcome.MEASURED
        && within(run.rows().getLast(), sloP99Millis, model));
  }

  private static boolean within(GridRow row, double sloP99Millis, CostModel model) {
    return row.measured() && row.p99Millis() != null && row.p99Millis() <= sloP99Millis
        && row.achievedRatePerSecond() != null && row.requests() != null && row.requests() > 0
        && row.errors() != null && row.errors() <= model.maxErrorRatio() * row.requests();
  }

  private static String percent(double ratio) {
    return String.format(Locale.ROOT, "%s %%", ratio * 100);
  }
}
