package dev.perflab.harness.experiment.topology;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.report.html.Chart;
import dev.perflab.harness.report.html.Options;
import java.util.List;

/**
 * A topology experiment's charts: per app and quantity, every variant's series along the mix, measured and
 * predicted.
 */
final class TopologyCharts {

  private TopologyCharts() {}

  /** Lines: measured (median of the repetitions); dashed: the model's prediction. */
  static Chart along(String title, String axis, List<TopologySeries> series) {
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title(title, "solid: measured, the median of the repetitions; dashed: predicted"
        + " before the sweep from the same launch's demands"));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(100, 70, 30, 50));
    option.putObject("tooltip").put("trigger", "axis");
    option.set("xAxis", Options.valueAxis("mix: the first request type's share", 28).put("min", 0)
        .put("max", 1));
    option.set("yAxis", Options.valueAxis(axis, 55));
    ArrayNode lines = option.putArray("series");
    for (TopologySeries one : series) {
      String name = one.variant() + " " + one.subject();
      line(lines, name + " measured", one.mixes(), one.measured(), false);
      line(lines, name + " predicted", one.mixes(), one.predicted(), true);
    }
    return new Chart(option, 420);
  }

  private static void line(ArrayNode lines, String name, List<Double> mixes, List<Double> values, boolean dashed) {
    ObjectNode line = lines.addObject().put("type", "line").put("name", name).put("connectNulls", false);
    if (dashed) {
      line.putObject("lineStyle").put("type", "dashed");
    }
    ArrayNode data = line.putArray("data");
    for (int i = 0; i < mixes.size(); i++) {
      Double value = values.get(i);
      if (value == null) {
        data.addArray().add(mixes.get(i)).add("-");
      } else {
        data.add(Options.point(mixes.get(i), Options.round(value, 3)));
      }
    }
  }
}
