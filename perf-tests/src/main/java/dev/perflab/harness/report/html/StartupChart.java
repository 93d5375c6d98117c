package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.result.LaunchSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * Startup per cell: a box plot of timeToFirstOkMillis over the measured launches, each launch also
 * drawn as a dot (with a handful of launches, the dots say more than the box). One chart per
 * resource profile: cells under different limits are not compared side by side.
 */
public final class StartupChart {

  private StartupChart() {}

  /** The charts, in the order of the environment's profiles; cells without measured launches are left out. */
  public static List<Chart> of(int discardedLaunches, int measuredLaunches, List<CellReport> cells,
      List<ResourceProfile> profiles) {
    Map<String, List<CellReport>> byProfile = new LinkedHashMap<>();
    profiles.stream().map(ResourceProfile::name).forEach(profile -> byProfile.put(profile, new ArrayList<>()));
    for (CellReport cell : cells) {
      if (!cell.measured().isEmpty()) {
        byProfile.computeIfAbsent(Cell.profileName(cell.cellId()), key -> new ArrayList<>()).add(cell);
      }
    }
    List<Chart> charts = new ArrayList<>();
    byProfile.forEach((profile, inProfile) -> {
      if (!inProfile.isEmpty()) {
        charts.add(chart(profile, inProfile, discardedLaunches, measuredLaunches));
      }
    });
    return charts;
  }

  private static Chart chart(String profile, List<CellReport> cells, int discardedLaunches, int measuredLaunches) {
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title("Time to first OK, profile " + profile, String.format(Locale.ROOT,
        "from Docker's start call to the first 200, a fresh container per launch; %d measured launch(es) per cell"
            + " after %d discarded. Box: quartiles, line: median, whiskers: min–max, dots: each launch.",
        measuredLaunches, discardedLaunches)));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(90, 40, 40, 50).put("containLabel", true));
    option.putObject("tooltip").put("trigger", "item");
    option.set("xAxis", Options.valueAxis("time to first OK (ms)", 28));
    List<String> labels = cells.stream().map(cell -> withoutProfile(cell.cellId())).toList();
    option.set("yAxis", Options.categoryAxis(labels).put("inverse", true));

    ObjectNode box = option.putArray("series").addObject().put("type", "boxplot")
        .put("name", "launches (quartiles, min–max)");
    box.putArray("boxWidth").add(8).add(26);
    box.putObject("itemStyle").put("color", "#eef2fa").put("borderColor", "#3b5ba9").put("borderWidth", 1.5);
    ArrayNode boxes = box.putArray("data");
    ObjectNode dots = ((ArrayNode) option.get("series")).addObject().put("type", "scatter")
        .put("name", "each measured launch").put("symbolSize", 8);
    dots.putObject("itemStyle").put("color", "#e07b39").put("opacity", 0.75);
    ArrayNode points = dots.putArray("data");
    for (int i = 0; i < cells.size(); i++) {
      List<LaunchSample> launches = cells.get(i).measured();
      DescriptiveStatistics stats = new DescriptiveStatistics();
      launches.forEach(launch -> stats.addValue(launch.timeToFirstOkMillis()));
      boxes.addArray().add(Options.round(stats.getMin(), 1)).add(Options.round(stats.getPercentile(25), 1))
          .add(Options.round(stats.getPercentile(50), 1)).add(Options.round(stats.getPercentile(75), 1))
          .add(Options.round(stats.getMax(), 1));
      for (LaunchSample launch : launches) {
        ObjectNode point = points.addObject().put("name", labels.get(i) + ", launch " + launch.repetition());
        point.putArray("value").add(Options.round(launch.timeToFirstOkMillis(), 1)).add(labels.get(i));
      }
    }
    return new Chart(option, Math.max(280, 150 + 38 * cells.size()));
  }

  private static String withoutProfile(String cellId) {
    int slash = cellId.lastIndexOf('/');
    return slash < 0 ? cellId : cellId.substring(0, slash);
  }
}
