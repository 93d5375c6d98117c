package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.report.LoadTable;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.PercentilePoint;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Latency by percentile at the fixed rate, HdrHistogram style: one line per load cell, the
 * percentile on a log scale of 1/(1 − p), so that 90 %, 99 %, 99.9 % and 99.99 % are evenly spaced
 * and the tail, where cells differ, gets most of the width. The x axis is in nines, −log10(1 − p),
 * which is that log scale; its labels are turned back into percentiles.
 */
public final class PercentileCurveChart {

  /** The curve starts at the median: below it, latencies say little about a service. */
  private static final double FROM_PERCENTILE = 50;
  /** A latency axis on a log scale cannot show 0: a 0 µs point is drawn at 1 µs. */
  private static final double MIN_MILLIS = 0.001;

  private PercentileCurveChart() {}

  /** Empty when no load cell has a curve. */
  public static Optional<Chart> of(LoadSettings settings, List<CellLoad> loads) {
    List<CellLoad> curves = loads.stream()
        .filter(load -> load.fixedRate() != null && !load.fixedRate().latencyCurve().isEmpty()).toList();
    if (curves.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title("Latency by percentile at " + LoadTable.fixedRates(settings, curves),
        String.format(Locale.ROOT, "%s, open model, from each request's intended send time, over the measured %d s"
            + " (HdrHistogram). Percentile on a log scale of 1/(1 − p); latency on a log scale.",
            PerfRunHtml.requests(curves), settings.measureSeconds())));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(95, 70, 40, 60));
    ObjectNode tooltip = option.putObject("tooltip").put("trigger", "axis");
    tooltip.putObject("axisPointer").put("type", "cross");

    double maxNines = 0;
    ArrayNode series = option.putArray("series");
    for (CellLoad load : curves) {
      ObjectNode line = series.addObject().put("type", "line").put("name", load.cellId()).put("showSymbol", false);
      ArrayNode data = line.putArray("data");
      for (PercentilePoint point : load.fixedRate().latencyCurve()) {
        if (point.percentile() >= FROM_PERCENTILE && point.percentile() < 100) {
          double nines = nines(point.percentile());
          maxNines = Math.max(maxNines, nines);
          data.add(Options.point(Options.round(nines, 4),
              Options.round(Math.max(point.latencyMicros() / 1e3, MIN_MILLIS), 3)));
        }
      }
    }
    // A tick per nine: a fixed "interval" would count ticks from the axis' start (50 %), so the
    // interval is pinned through its bounds instead; the start gets its own label.
    ObjectNode x = Options.valueAxis("percentile", 30).put("min", Options.round(nines(FROM_PERCENTILE), 5))
        .put("max", Math.max(2, Math.ceil(maxNines))).put("minInterval", 1).put("maxInterval", 1);
    ObjectNode labels = x.putObject("axisLabel").put("showMinLabel", true);
    labels.set("formatter", JsFormatter.NINES_AS_PERCENTILE.node());
    x.putObject("axisPointer").putObject("label").set("formatter", JsFormatter.NINES_AS_PERCENTILE.node());
    option.set("xAxis", x);
    option.set("yAxis", Options.valueAxis("latency (ms)", 50).put("type", "log"));
    return Optional.of(new Chart(option, 520));
  }

  /** −log10(1 − p): 90 % → 1, 99 % → 2, 99.9 % → 3. */
  private static double nines(double percentile) {
    return -Math.log10(1 - percentile / 100);
  }
}
