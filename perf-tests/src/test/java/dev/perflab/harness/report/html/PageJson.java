package dev.perflab.harness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a rendered page's charts back: each box's option, parsed as the browser parses it. */
final class PageJson {

  private static final Pattern CHART = Pattern.compile(
      "<div class=\"chart\" id=\"(chart-\\d+)\" style=\"height: \\d+px\"></div>\\n"
          + "<script type=\"application/json\" id=\"(chart-\\d+)-option\">(.*?)</script>");
  private static final ObjectMapper JSON = new ObjectMapper();

  private PageJson() {}

  /** The options in page order; fails if a box has no option of its own or an option is not JSON. */
  static List<JsonNode> options(String html) throws Exception {
    List<JsonNode> options = new ArrayList<>();
    Matcher matcher = CHART.matcher(html);
    while (matcher.find()) {
      assertThat(matcher.group(2)).as("the option after box %s", matcher.group(1)).isEqualTo(matcher.group(1));
      options.add(JSON.readTree(matcher.group(3)));
    }
    assertThat(html.split("<div class=\"chart\"", -1).length - 1).as("chart boxes, each with its option")
        .isEqualTo(options.size());
    return options;
  }

  /**
   * The page after its head, where the 1 MB of inlined ECharts is: what assertions look at, so
   * that a failure prints the part that matters.
   */
  static String body(String html) {
    return html.substring(html.indexOf("<body>"));
  }

  static List<String> titles(List<JsonNode> options) {
    return options.stream().map(option -> option.path("title").path("text").asText()).toList();
  }
}
