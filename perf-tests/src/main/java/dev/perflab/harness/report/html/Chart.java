package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One chart of a page: an ECharts option (plain JSON, see
 * <a href="https://echarts.apache.org/en/option.html">the option reference</a>) and the height of
 * its box; it takes the page's width.
 */
public record Chart(ObjectNode option, int heightPixels) {

  public Chart {
    if (option == null) {
      throw new IllegalArgumentException("a chart needs an ECharts option");
    }
    if (heightPixels < 100) {
      throw new IllegalArgumentException("a chart needs at least 100 px of height to be legible, got " + heightPixels);
    }
  }
}
