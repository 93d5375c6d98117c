package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The few label formatters an option cannot express as data. An option names one as
 * {@code {"$formatter": "name"}} wherever ECharts takes a formatter function; the page swaps the
 * function in before it hands the option to ECharts, so options stay JSON.
 */
enum JsFormatter {

  /**
   * An axis value in nines, −log10(1 − p), as the percentile p: 1 → "90 %", 3 → "99.9 %",
   * 0.30103 → "50 %". Takes an axis label's value or an axis pointer's {@code {value}}.
   */
  NINES_AS_PERCENTILE("ninesAsPercentile", """
      function (v) {
        var nines = typeof v === 'object' ? v.value : v;
        var percent = 100 * (1 - Math.pow(10, -nines));
        return parseFloat(percent.toFixed(Math.max(1, Math.ceil(nines)))) + ' %';
      }""");

  private final String name;
  private final String function;

  JsFormatter(String name, String function) {
    this.name = name;
    this.function = function;
  }

  /** The marker an option holds in the formatter's place. */
  ObjectNode node() {
    return Options.NODES.objectNode().put("$formatter", name);
  }

  String jsName() {
    return name;
  }

  String function() {
    return function;
  }
}
