package dev.perflab.harness.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatioChartTest {

  private static final RatioRow REGRESSION =
      new RatioRow("quarkus/jvm/1cpu-512m time to first OK", 1.102, 1.061, 1.144, 0.05, "REGRESSION");
  private static final RatioRow NO_CHANGE =
      new RatioRow("quarkus/jvm/1cpu-512m RSS warm", 0.99, 0.95, 1.03, 0.05, "NO_CHANGE");

  @Test
  void aRegressionAndANoChangeRowAreDrawnAsColouredIntervalsOverTheThresholdBand() throws Exception {
    Chart chart = RatioChart.of("A/B: quarkus", List.of(REGRESSION, NO_CHANGE));
    String html = new HtmlPage("A/B").section("Startup").chart(chart).render();

    JsonNode option = PageJson.options(html).getFirst();
    assertThat(option.at("/yAxis/0/data/0").asText()).isEqualTo(REGRESSION.label());
    assertThat(option.at("/yAxis/0/data/1").asText()).isEqualTo(NO_CHANGE.label());
    // The axis shows every interval and the whole band.
    assertThat(option.at("/xAxis/min").asDouble()).isLessThan(0.95);
    assertThat(option.at("/xAxis/max").asDouble()).isGreaterThan(1.144);

    JsonNode band = option.at("/series/0");
    assertThat(band.get("name").asText()).isEqualTo("± threshold");
    assertThat(band.at("/data/0").toString()).isEqualTo("[0.95,0.95,1,1.05,1.05]");
    assertThat(band.at("/markLine/data/0/xAxis").asDouble()).isEqualTo(1.0);

    JsonNode intervals = option.at("/series/1");
    assertThat(intervals.at("/data/0/value").toString()).isEqualTo("[1.061,1.102,1.102,1.102,1.144]");
    assertThat(intervals.at("/data/0/itemStyle/borderColor").asText()).isEqualTo("#d62728");
    assertThat(intervals.at("/data/1/itemStyle/borderColor").asText()).isEqualTo("#7f7f7f");

    JsonNode regression = option.at("/series/2");
    assertThat(regression.get("name").asText()).isEqualTo("regression");
    assertThat(regression.at("/itemStyle/color").asText()).isEqualTo("#d62728");
    assertThat(regression.at("/data/0/value").toString())
        .isEqualTo("[1.102,\"" + REGRESSION.label() + "\",1.061,1.144,0.05]");
    JsonNode noChange = option.at("/series/3");
    assertThat(noChange.get("name").asText()).isEqualTo("no change");
    assertThat(noChange.get("data")).hasSize(1);
  }

  @Test
  void rowsTheChartCannotDrawAreRejectedWithTheirLabel() {
    assertThatThrownBy(() -> new RatioRow("x", 1.0, 1.1, 0.9, 0.05, "NO_CHANGE"))
        .hasMessageContaining("x: a ratio row needs 0 < lower <= upper");
    assertThatThrownBy(() -> new RatioRow("x", 1.0, 0.9, Double.POSITIVE_INFINITY, 0.05, "NO_CHANGE"))
        .hasMessageContaining("all finite");
    assertThatThrownBy(() -> new RatioRow("x", 1.0, 0.9, 1.1, 5, "NO_CHANGE"))
        .hasMessageContaining("x: the threshold is a fraction between 0 and 1 exclusive");
    assertThatThrownBy(() -> RatioChart.of("empty", List.of())).hasMessageContaining("at least one row");
    assertThatThrownBy(() -> RatioChart.of("twice", List.of(NO_CHANGE, REGRESSION, NO_CHANGE)))
        .hasMessageContaining("two ratio rows are labelled \"quarkus/jvm/1cpu-512m RSS warm\"");
  }
}
