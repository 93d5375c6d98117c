package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An A/B comparison: per compared metric, B/A as a dot with its interval (about 95 %) as an error bar,
 * over the band of changes too small for a verdict (1 ± threshold) and a line at 1 (no change).
 * The dot's colour is the verdict, so a regression stands out whatever the reader knows of the
 * statistics: its bar clears 1 and its dot sits beyond the band.
 */
public final class RatioChart {

  private static final String BAND_FILL = "#e3ebf6";
  private static final String BAND_BORDER = "#b8c7de";

  private RatioChart() {}

  public static Chart of(String title, List<RatioRow> rows) {
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("a ratio chart needs at least one row");
    }
    List<String> labels = rows.stream().map(RatioRow::label).toList();
    // A row is found on the axis by its label: two rows of one label would share a line.
    labels.stream().filter(label -> labels.indexOf(label) != labels.lastIndexOf(label)).findFirst()
        .ifPresent(label -> {
          throw new IllegalArgumentException("two ratio rows are labelled \"" + label + "\"; each needs its own");
        });
    ObjectNode option = Options.NODES.objectNode();
    option.set("title", Options.title(title, "B/A, the ratio of medians, with its rank-based interval (about 95 %);"
        + " line: 1, no change; shaded: within the threshold (no verdict however sure); a verdict needs the interval"
        + " to clear 1 as well."));
    option.set("legend", Options.legend(52));
    option.set("grid", Options.grid(90, 40, 40, 50).put("containLabel", true));
    option.putObject("tooltip").put("trigger", "item");
    double low = rows.stream().mapToDouble(row -> Math.min(row.lower(), 1 - row.threshold())).min().orElseThrow();
    double high = rows.stream().mapToDouble(row -> Math.max(row.upper(), 1 + row.threshold())).max().orElseThrow();
    double margin = (high - low) * 0.08;
    double step = Options.niceStep(high - low + 2 * margin);
    option.set("xAxis", Options.valueAxis("B/A (1.10 = B is 10 % higher)", 28)
        .put("min", Options.floorTo(low - margin, step)).put("max", Options.ceilTo(high + margin, step)));
    // Box plots on one axis stand side by side like grouped bars; the band gets a hidden copy of
    // the axis of its own, so that band, interval and dot share each row's centre line.
    ArrayNode y = option.putArray("yAxis");
    y.add(Options.categoryAxis(labels).put("inverse", true));
    ObjectNode hidden = Options.categoryAxis(labels).put("inverse", true).put("show", false).put("position", "left");
    hidden.putObject("axisLabel").put("show", false);
    y.add(hidden);

    ArrayNode series = option.putArray("series");
    ObjectNode band = boxes(series, "± threshold", BAND_BORDER, 18, 34).put("yAxisIndex", 1);
    band.putObject("itemStyle").put("color", BAND_FILL).put("borderColor", BAND_BORDER);
    ObjectNode one = band.putObject("markLine").put("silent", true).put("symbol", "none");
    one.putObject("lineStyle").put("color", "#333").put("type", "solid").put("width", 1);
    one.putObject("label").put("show", false);
    one.putArray("data").addObject().put("xAxis", 1);
    ObjectNode intervals = boxes(series, "interval", "#555", 10, 14);
    ArrayNode bands = (ArrayNode) band.get("data");
    ArrayNode bars = (ArrayNode) intervals.get("data");
    for (RatioRow row : rows) {
      double t = row.threshold();
      bands.addArray().add(1 - t).add(1 - t).add(1).add(1 + t).add(1 + t);
      // A box plot with its box shut at the ratio: the whiskers are the interval, their ends its caps.
      ObjectNode bar = bars.addObject();
      bar.putArray("value").add(row.lower()).add(row.ratio()).add(row.ratio()).add(row.ratio()).add(row.upper());
      bar.putObject("itemStyle").put("borderColor", colour(row.verdict())).put("borderWidth", 2);
    }
    Set<String> verdicts = new LinkedHashSet<>();
    rows.forEach(row -> verdicts.add(row.verdict()));
    for (String verdict : verdicts) {
      ObjectNode dots = series.addObject().put("type", "scatter").put("name", display(verdict)).put("symbolSize", 11)
          .put("z", 5);
      dots.putObject("itemStyle").put("color", colour(verdict));
      dots.putArray("dimensions").add("B/A").add("compared").add("interval from").add("interval to").add("threshold ±");
      ObjectNode encode = dots.putObject("encode").put("x", "B/A").put("y", "compared");
      encode.putArray("tooltip").add("B/A").add("interval from").add("interval to").add("threshold ±");
      ArrayNode data = dots.putArray("data");
      rows.stream().filter(row -> row.verdict().equals(verdict)).forEach(row -> data.addObject()
          .put("name", row.label()).putArray("value").add(Options.round(row.ratio(), 4)).add(row.label())
          .add(Options.round(row.lower(), 4)).add(Options.round(row.upper(), 4)).add(row.threshold()));
    }
    return new Chart(option, Math.max(260, 150 + 46 * rows.size()));
  }

  private static ObjectNode boxes(ArrayNode series, String name, String colour, int minWidth, int maxWidth) {
    ObjectNode boxes = series.addObject().put("type", "boxplot").put("name", name).put("silent", true);
    boxes.putObject("tooltip").put("show", false);
    boxes.putObject("itemStyle").put("borderColor", colour);
    boxes.putArray("boxWidth").add(minWidth).add(maxWidth);
    boxes.putArray("data");
    return boxes;
  }

  /** Regressions red, improvements green, no change grey; any other verdict blue. */
  static String colour(String verdict) {
    return switch (verdict.toUpperCase(Locale.ROOT)) {
      case "REGRESSION" -> "#d62728";
      case "IMPROVEMENT" -> "#2ca02c";
      case "NO_CHANGE" -> "#7f7f7f";
      default -> "#1f77b4";
    };
  }

  private static String display(String verdict) {
    return verdict.toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
