package dev.perflab.harness.run;

import dev.perflab.harness.compare.CompareRun;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.report.ComparisonSummary;
import dev.perflab.harness.report.html.ComparisonHtml;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.Tally;
import dev.perflab.harness.stats.Verdict;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison ({@code -Dperflab.compare=ab|aa|upgrade|injected-regression}): both sides of every
 * selected cell, interleaved, {@code perflab.compare.runs} times over. A regression fails its
 * check; an improvement passes and is reported. An experiment (several runs, or an injected
 * regression) is judged by how its verdicts fell: 19 of 20 A/A runs must say no change, 19 of 20
 * injected regressions must be caught.
 */
public final class ComparisonPart implements Part {

  @Override
  public String name() {
    return "comparison";
  }

  /**
   * The most it plans for: per run, each selected cell with an image gets the time per cell (its pairs are
   * planned to fit, and most stop sooner), its load runs when load is compared (about three minutes a
   * side and run), and an injected regression's three sizing launches and build; an upgrade's builds
   * come on top and are not counted.
   */
  @Override
  public Duration estimate(RunContext run) {
    CompareSettings settings = run.config().compare();
    long cells = run.catalog().cells().stream().filter(cell -> settings.selects(cell.id()))
        .filter(cell -> run.images().find(cell.image()).isPresent()).count();
    Duration perCell = settings.timePerCell()
        .plus(settings.load() ? Duration.ofMinutes(3L * 2 * settings.loadRepetitions()) : Duration.ZERO);
    Duration sizing = settings.mode() == CompareMode.INJECTED_REGRESSION ? Duration.ofMinutes(1) : Duration.ZERO;
    return perCell.multipliedBy(cells * settings.runs()).plus(sizing.multipliedBy(cells));
  }

  @Override
  public PartResult run(RunContext run) throws IOException, InterruptedException {
    return new Result(CompareRun.run(run.catalog(), run.config(), run.environment(), run.images()));
  }

  /** The comparison, a report of its own: comparison.json, and its own summary.md and page. */
  public record Result(ComparisonReport report) implements PartResult {

    @Override
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("mode", report.mode());
      json.put("mostPairsPerCell", report.mostPairsPerCell());
      json.put("minutesPerCell", report.minutesPerCell());
      if (report.mode() == CompareMode.INJECTED_REGRESSION) {
        json.put("injectedSlowdown", report.injectedSlowdown());
      }
      json.put("thresholds", report.thresholds());
      json.put("notes", report.notes());
      json.put("runs", report.runs());
      json.put("tallies", report.tallies());
      return json;
    }

    @Override
    public String markdown() {
      return ComparisonSummary.render(report);
    }

    @Override
    public void html(HtmlPage page) {
      ComparisonHtml.fill(page, report);
    }

    @Override
    public Document document() {
      return Document.comparison("perflab " + ComparisonSummary.title(report.mode()));
    }

    /** Per run, one check per cell's launches and one per cell and metric; an experiment's targets after. */
    @Override
    public List<Check> checks() {
      boolean experiment = report.runs().size() > 1 || report.mode() == CompareMode.INJECTED_REGRESSION;
      List<Check> checks = new ArrayList<>();
      for (int index = 0; index < report.runs().size(); index++) {
        String prefix = report.runs().size() > 1 ? "run " + (index + 1) + " " : "";
        for (CellComparison cell : report.runs().get(index)) {
          checks.add(launches(prefix + cell.cellId() + " launches", cell));
          cell.comparisons().forEach(c -> checks.add(verdict(prefix + cell.cellId() + " " + c.metric().key(), cell, c,
              experiment)));
        }
      }
      checks.addAll(targets());
      return checks;
    }

    private static Check launches(String name, CellComparison cell) {
      return Check.of(name, cell.outcome(), failed -> cell.cellId() + ": " + failed.headline());
    }

    /** In an experiment a single run's verdict is data, counted by the targets, not a test of its own. */
    private Check verdict(String name, CellComparison cell, dev.perflab.harness.stats.Comparison c, boolean experiment) {
      if (experiment) {
        return Check.passed(name);
      }
      if (c.verdict() == Verdict.REGRESSION) {
        return Check.failed(name, cell.cellId() + " " + c.describe(), cell.cellId() + " " + c.describe());
      }
      if (report.mode() == CompareMode.AA && c.verdict() != Verdict.NO_CHANGE) {
        String why = cell.cellId() + ": the images compared with themselves gave " + c.verdict() + ": " + c.describe()
            + ". Something differs between the two sides' launches (drift, a noisy neighbour); gate on this"
            + " machine only once an A/A run says no change";
        return Check.failed(name, why, why);
      }
      return Check.passed(name);
    }

    /**
     * An experiment's target per cell: A/A runs quiet on every metric in 95 % of runs; injected
     * regressions caught on time to first OK, in 95 % of runs at twice the threshold or more, in 80 % (the
     * power the gate is built for) at the threshold; a smaller one has no target, its rate is reported.
     */
    private List<Check> targets() {
      Verdict expected = report.mode() == CompareMode.INJECTED_REGRESSION ? Verdict.REGRESSION
          : report.mode() == CompareMode.AA && report.runs().size() > 1 ? Verdict.NO_CHANGE : null;
      if (expected == null) {
        return List.of();
      }
      List<Check> targets = new ArrayList<>();
      for (Tally tally : report.tallies()) {
        if (expected == Verdict.NO_CHANGE || tally.metric() == Metric.TIME_TO_FIRST_OK_MILLIS) {
          double share = expected == Verdict.NO_CHANGE ? Tally.TARGET_SHARE : detectionShare(tally.metric());
          if (Double.isNaN(share)) {
            continue;
          }
          String name = "target " + tally.cellId() + " " + tally.metric().key();
          targets.add(tally.meets(expected, share) ? Check.passed(name) : Check.failed(name, name + " missed",
              String.format("%s %s: %d of %d runs said %s, the target is at least %d (regression %d, improvement %d,"
                  + " no change %d)", tally.cellId(), tally.metric().key(), tally.count(expected), tally.runs(), expected,
                  tally.required(share), tally.regressions(), tally.improvements(), tally.noChanges())));
        }
      }
      return targets;
    }

    /** The share of injected regressions of this size the gate must catch, or NaN below its threshold. */
    private double detectionShare(Metric metric) {
      double threshold = report.thresholds().getOrDefault(metric.key(), metric.defaultThreshold());
      double slowdown = report.injectedSlowdown();
      if (slowdown >= 2 * threshold - 1e-9) {
        return Tally.TARGET_SHARE;
      }
      return slowdown >= threshold - 1e-9 ? Tally.DETECTION_SHARE : Double.NaN;
    }
  }
}
