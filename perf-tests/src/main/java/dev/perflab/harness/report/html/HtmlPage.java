package dev.perflab.harness.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A self-contained report page: headings, text, tables and ECharts charts, with the library
 * inlined, so the one file opens offline and can be mailed or archived as it is. Each chart is
 * a box plus its option as JSON in a script element; once every chart is drawn, the page sets
 * {@code data-charts-rendered} on its body to the number drawn, for a headless browser to check.
 *
 * <pre>{@code
 * String html = new HtmlPage("A/B").section("Startup").paragraph("B against A").chart(chart).render();
 * }</pre>
 */
public final class HtmlPage {

  private static final String STYLE = """
      body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222; margin: 0 auto;
             max-width: 1400px; padding: 16px 24px; line-height: 1.45; }
      h1 { font-size: 1.6em; margin-bottom: 0.2em; }
      h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 2em; }
      h3 { font-size: 1.05em; margin-top: 1.5em; }
      p { max-width: 75em; }
      table { border-collapse: collapse; margin: 12px 0; font-size: 0.9em; }
      th, td { border: 1px solid #ddd; padding: 4px 8px; vertical-align: top; }
      th { background: #f2f4f7; text-align: left; }
      tbody tr:nth-child(even) { background: #fafbfc; }
      td:first-child { white-space: nowrap; }
      td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      pre { background: #f6f8fa; border: 1px solid #ddd; padding: 8px; overflow-x: auto; font-size: 0.85em; }
      .chart { width: 100%; margin: 16px 0 28px; }
      """;

  /** Draws every chart, swaps in the named formatters (see JsFormatter), and counts what it drew. */
  private static final String INIT_SCRIPT = """
      (function () {
        var formatters = {%s};
        function revive(node) {
          if (Array.isArray(node)) { return node.map(revive); }
          if (node !== null && typeof node === 'object') {
            if (typeof node.$formatter === 'string') { return formatters[node.$formatter]; }
            var copy = {};
            Object.keys(node).forEach(function (key) { copy[key] = revive(node[key]); });
            return copy;
          }
          return node;
        }
        var charts = [];
        document.querySelectorAll('div.chart').forEach(function (box) {
          var option = revive(JSON.parse(document.getElementById(box.id + '-option').textContent));
          var chart = echarts.init(box);
          chart.setOption(option);
          charts.push(chart);
        });
        window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
        document.body.dataset.chartsRendered = String(charts.length);
      })();
      """;

  private final String title;
  private final StringBuilder body = new StringBuilder();
  private int charts;
  private boolean inSection;

  public HtmlPage(String title) {
    this.title = title;
  }

  /** Starts a section with a heading; the page's content until the next section goes into it. */
  public HtmlPage section(String heading) {
    closeSection();
    body.append("<section>\n<h2>").append(escape(heading)).append("</h2>\n");
    inSection = true;
    return this;
  }

  public HtmlPage subheading(String text) {
    body.append("<h3>").append(escape(text)).append("</h3>\n");
    return this;
  }

  public HtmlPage paragraph(String text) {
    body.append("<p>").append(escape(text)).append("</p>\n");
    return this;
  }

  /** Text whose line breaks matter: a failure's log tail. */
  public HtmlPage preformatted(String text) {
    body.append("<pre>").append(escape(text)).append("</pre>\n");
    return this;
  }

  public HtmlPage table(HtmlTable table) {
    body.append(table.html());
    return this;
  }

  /** Adds a chart; its animation is turned off so that a screenshot or a print shows it whole. */
  public HtmlPage chart(Chart chart) {
    charts++;
    String id = "chart-" + charts;
    ObjectNode option = chart.option().deepCopy();
    if (!option.has("animation")) {
      option.put("animation", false);
    }
    body.append("<div class=\"chart\" id=\"").append(id).append("\" style=\"height: ").append(chart.heightPixels())
        .append("px\"></div>\n<script type=\"application/json\" id=\"").append(id).append("-option\">")
        .append(Options.write(option)).append("</script>\n");
    return this;
  }

  /** The whole page, ECharts inlined. */
  public String render() {
    String formatters = Arrays.stream(JsFormatter.values())
        .map(formatter -> formatter.jsName() + ": " + formatter.function())
        .collect(Collectors.joining(",\n"));
    // A "</script" inside the library would end its element early; "<\/" means the same in JS strings and regexes.
    String library = EchartsLibrary.script().replace("</script", "<\\/script");
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<meta name=\"generator\" content=\"perflab (Apache ECharts " + escape(EchartsLibrary.version()) + ")\">\n"
        + "<title>" + escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n"
        + "<script>\n" + library + "\n</script>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n"
        + body + (inSection ? "</section>\n" : "")
        + "<script>\n" + INIT_SCRIPT.formatted(formatters) + "</script>\n</body>\n</html>\n";
  }

  private void closeSection() {
    if (inSection) {
      body.append("</section>\n");
      inSection = false;
    }
  }

  /** Text as HTML: safe in element content and in double- or single-quoted attributes. */
  public static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> escaped.append("&amp;");
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
