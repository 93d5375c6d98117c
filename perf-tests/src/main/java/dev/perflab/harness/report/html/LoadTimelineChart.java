package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.report.LoadTable;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.ContainerSample;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Each load cell's container second by second through the warm-up and the fixed rate, from the
 * host's cgroup files and /proc: one chart of memory (RSS of the main process) and one of CPU
 * used, a line per cell, with the profile's limit drawn in, so headroom is seen at a glance.
 */
public final class LoadTimelineChart {

  private static final double MB = 1_000_000;

  private LoadTimelineChart() {}

  /** Memory then CPU; empty when no load cell has a timeline. */
  public static List<Chart> of(LoadSettings settings, ResourceProfile profile, List<CellLoad> loads) {
    List<CellLoad> sampled = loads.stream().filter(load -> !load.timeline().isEmpty()).toList();
    if (sampled.isEmpty()) {
      return List.of();
    }
    Optional<ResourceProfile> limits = Optional.ofNullable(profile);
    return List.of(
        chart("Memory under load", "RSS of the container's main process, sampled every second.",
            "RSS (MB)", sample -> sample.rssBytes() / MB, 1,
            limits.map(p -> p.memoryBytes() / MB), limits.map(p -> String.format(Locale.ROOT, "memory limit %.0f MB",
                p.memoryBytes() / MB)), settings, sampled),
        chart("CPU under load", "CPU time the container used in each second, in cores (1 = one core busy all"
                + " second), from the cgroup.", "CPU (cores)", ContainerSample::cpuCores, 2,
            limits.map(p -> p.cpus().cores()), limits.map(p -> "CPU limit " + p.cpus()), settings, sampled));
  }

  private static Chart chart(String title, String how, String yName, ToDoubleFunction<ContainerSample> value,
      int decimals, Optional<Double> limit, Optional<String> limitLabel, LoadSettings settings, List<CellLoad> loads) {
    double measuredFromSeconds = settings.measuredFromMillis() / 1e3;
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title(title, String.format(Locale.ROOT, "%s Shaded: the warm-up and the settle;"
        + " then %s, measured.", how, LoadTable.fixedRates(settings, loads))));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(95, 70, 40, 60));
    option.putObject("tooltip").put("trigger", "axis");
    option.set("xAxis", Options.valueAxis("time since the load started (s)", 30));
    ObjectNode y = Options.valueAxis(yName, 50);
    option.set("yAxis", y);

    double highest = 0;
    ArrayNode series = option.putArray("series");
    for (CellLoad load : loads) {
      ObjectNode line = series.addObject().put("type", "line").put("name", load.cellId()).put("showSymbol", false);
      ArrayNode data = line.putArray("data");
      for (ContainerSample sample : load.timeline()) {
        double v = value.applyAsDouble(sample);
        highest = Math.max(highest, v);
        data.add(Options.point(Options.round(sample.atMillis() / 1e3, 1), Options.round(v, decimals)));
      }
    }
    ObjectNode first = (ObjectNode) series.get(0);
    ObjectNode warmup = first.putObject("markArea").put("silent", true);
    warmup.putObject("itemStyle").put("color", "rgba(120, 120, 120, 0.12)");
    warmup.putObject("label").put("position", "insideTop").put("color", "#555");
    ArrayNode area = warmup.putArray("data").addArray();
    area.addObject().put("xAxis", 0).put("name", "warm-up and settle");
    area.addObject().put("xAxis", measuredFromSeconds);
    if (limit.isPresent()) {
      ObjectNode marks = first.putObject("markLine").put("silent", true).put("symbol", "none");
      marks.putObject("lineStyle").put("color", "#c0392b").put("type", "dashed");
      ObjectNode mark = marks.putArray("data").addObject().put("yAxis", Options.round(limit.get(), decimals));
      mark.putObject("label").put("formatter", limitLabel.orElseThrow())
          .put("position", "insideEndTop");
      // A mark does not stretch the axis: the limit is kept in view, headroom being the point.
      double top = Math.max(highest, limit.get()) * 1.1;
      y.put("max", Options.ceilTo(top, Options.niceStep(top)));
    }
    return new Chart(option, 420);
  }
}
