package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.report.html.Chart;
import dev.perflab.harness.report.html.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The limits grid's charts: per app and mode a heatmap of p95 at the target step (a rate, or a
 * concurrency) over CPU limit x memory limit (a point that died or stopped before that step marked so), the curve of p95 against the
 * CPU limit with its spread and knee, and the seconds' p95 by relative-CPU bin.
 */
final class GridCharts {

  private GridCharts() {}

  /** The heatmap of one app and mode, from its rows. */
  static Chart heatmap(String appMode, List<GridRow> rows, GridReport report) {
    double target = report.settings().target();
    List<Double> cpus = List.copyOf(new TreeSet<>(rows.stream().map(GridRow::cpuLimitCores).toList()));
    List<Long> memories = List.copyOf(new TreeSet<>(rows.stream().map(GridRow::memoryLimitMebibytes).toList()));
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title(appMode + ": p95 at " + report.settings().targetLabel(),
        "median over repetitions, ms; a fresh container per point; \"died\": killed or exited by that step,"
            + " \"stopped\": its staircase ended below that step"));
    option.putObject("tooltip").put("position", "top");
    option.set("grid", Options.grid(80, 90, 30, 90));
    option.set("xAxis", Options.categoryAxis(cpus.stream().map(cpu -> cpu + " CPU").toList()).put("name", "CPU limit")
        .put("nameLocation", "middle").put("nameGap", 28));
    option.set("yAxis", Options.categoryAxis(memories.stream().map(memory -> memory + " MiB").toList())
        .put("name", "memory limit").put("nameLocation", "middle").put("nameGap", 62));
    ArrayNode data = Options.NODES.arrayNode();
    // A point without a p95 at the target is a cell of a second series the colour scale does not
    // cover: a heatmap draws no cell for a missing value, and "died" must show.
    ArrayNode ended = Options.NODES.arrayNode();
    double highest = 1;
    for (int x = 0; x < cpus.size(); x++) {
      for (int y = 0; y < memories.size(); y++) {
        double cpu = cpus.get(x);
        long memory = memories.get(y);
        List<GridRow> point = rows.stream().filter(row -> row.cpuLimitCores() == cpu && row.memoryLimitMebibytes() == memory)
            .toList();
        DescriptiveStatistics p95 = new DescriptiveStatistics();
        point.stream().filter(row -> row.measured() && row.stepLevel() == target)
            .forEach(row -> p95.addValue(row.p95Millis()));
        if (point.isEmpty()) {
          continue;
        }
        if (p95.getN() > 0) {
          double median = Options.round(p95.getPercentile(50), 2);
          highest = Math.max(highest, median);
          data.addObject().putArray("value").add(x).add(y).add(median);
        } else {
          boolean died = point.stream().anyMatch(row -> row.outcome() == GridRow.StepOutcome.DIED
              || row.outcome() == GridRow.StepOutcome.DIED_AT_STARTUP);
          ObjectNode cell = ended.addObject();
          cell.putArray("value").add(x).add(y).add(0);
          cell.put("name", died ? "died" : "stopped");
          cell.putObject("label").put("show", true).put("formatter", died ? "died" : "stopped");
          cell.putObject("itemStyle").put("color", died ? "#9e9e9e" : "#d8d8d8");
        }
      }
    }
    ObjectNode visualMap = option.putObject("visualMap").put("min", 0).put("max", Options.round(highest, 2))
        .put("calculable", true).put("orient", "horizontal").put("left", "center").put("bottom", 5).put("seriesIndex", 0);
    visualMap.putObject("inRange").putArray("color").add("#f7fbff").add("#6baed6").add("#08306b");
    ArrayNode series = option.putArray("series");
    ObjectNode measured = series.addObject().put("type", "heatmap").put("name", "p95 ms");
    measured.putObject("label").put("show", true);
    measured.set("data", data);
    series.addObject().put("type", "heatmap").put("name", "ended before the target").set("data", ended);
    return new Chart(option, Math.max(300, 170 + 36 * memories.size()));
  }

  /** Every app and mode's p95 against the CPU limit, with the repetitions' spread and the knee. */
  static Chart curves(GridReport report) {
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title("p95 at " + report.settings().targetLabel() + " against the CPU limit", "at each app's largest memory limit; line: median over repetitions,"
        + " band: min–max; diamond: the knee; gaps: no repetition ran that step to its end"));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(90, 60, 30, 50));
    option.putObject("tooltip").put("trigger", "item");
    option.set("xAxis", Options.valueAxis("CPU limit (cores)", 28));
    option.set("yAxis", Options.valueAxis("p95 (ms)", 45).put("type", "log"));
    ArrayNode series = option.putArray("series");
    for (CpuCurve curve : report.curves()) {
      ObjectNode line = series.addObject().put("type", "line").put("name", curve.appMode()).put("connectNulls", false);
      ArrayNode points = line.putArray("data");
      ObjectNode band = series.addObject().put("type", "scatter").put("name", curve.appMode() + " min–max")
          .put("symbolSize", 6);
      ArrayNode spread = band.putArray("data");
      for (CpuCurve.Point point : curve.points()) {
        if (point.p95MedianMillis() == null) {
          points.addArray().add(point.cpuLimitCores()).add("-");
          continue;
        }
        points.add(Options.point(point.cpuLimitCores(), Options.round(point.p95MedianMillis(), 3)));
        spread.add(Options.point(point.cpuLimitCores(), Options.round(point.p95MinMillis(), 3)));
        spread.add(Options.point(point.cpuLimitCores(), Options.round(point.p95MaxMillis(), 3)));
      }
      if (curve.kneeCpuLimitCores() != null) {
        CpuCurve.Point knee = curve.points().stream().filter(p -> p.cpuLimitCores() == curve.kneeCpuLimitCores())
            .findFirst().orElseThrow();
        ObjectNode mark = line.putObject("markPoint").put("symbol", "diamond").put("symbolSize", 16);
        mark.putArray("data").addObject().put("name", "knee").putArray("coord").add(knee.cpuLimitCores())
            .add(Options.round(knee.p95MedianMillis(), 3));
      }
    }
    return new Chart(option, 420);
  }

  /** Median and p90 of the measured seconds' p95 by relative-CPU bin, with the number of seconds in each. */
  static Chart bins(GridReport report) {
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title("p95 by relative CPU", "every measured second by the CPU its container used over its limit;"
        + " median and p90 of the seconds' p95s; the label: how many seconds"));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(90, 60, 30, 50));
    option.putObject("tooltip").put("trigger", "axis");
    List<String> labels = new ArrayList<>();
    report.bins().forEach(bin -> labels.add(bin.label() + " (" + bin.seconds() + " s)"));
    option.set("xAxis", Options.categoryAxis(labels).put("name", "relative CPU (seconds)").put("nameLocation", "middle")
        .put("nameGap", 28));
    option.set("yAxis", Options.valueAxis("p95 (ms)", 45).put("type", "log"));
    ArrayNode series = option.putArray("series");
    // Points, not bars: a bar on a log axis grows from 1 ms, so a median under 1 ms would hang down.
    ArrayNode median = series.addObject().put("type", "line").put("name", "median p95").put("symbolSize", 9)
        .putArray("data");
    ArrayNode p90 = series.addObject().put("type", "line").put("name", "p90 of p95").put("symbolSize", 9)
        .putArray("data");
    for (RelativeCpuBin bin : report.bins()) {
      median.add(bin.p95MedianMillis() == null ? Options.NODES.textNode("-")
          : Options.NODES.numberNode(Options.round(bin.p95MedianMillis(), 3)));
      p90.add(bin.p95P90Millis() == null ? Options.NODES.textNode("-")
          : Options.NODES.numberNode(Options.round(bin.p95P90Millis(), 3)));
    }
    return new Chart(option, 360);
  }
}
