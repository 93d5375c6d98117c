package dev.perflab.harness.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.harness.run.ReportFiles;
import dev.perflab.harness.run.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfRunHtmlTest {

  @Test
  void aFullRunHasStartupPerProfileCurvesTimelinesAndTables() throws Exception {
    String page = ReportFiles.page(ReportFixture.full());
    String html = PageJson.body(page);

    assertThat(page.contains("<script>\n" + EchartsLibrary.script())).as("ECharts inlined in the head").isTrue();
    assertThat(page.contains("<script src=") || page.contains("<link ")).as("anything loaded from elsewhere").isFalse();
    List<JsonNode> options = PageJson.options(html);
    assertThat(PageJson.titles(options)).containsExactly("Time to first OK, profile 1cpu-512m",
        "Time to first OK, profile half-cpu-256m", "Latency by percentile at 500 requests/s", "Memory under load",
        "CPU under load");

    // Six measured cells per profile: unavailable and failed ones have no box.
    JsonNode startup = options.get(0);
    assertThat(values(startup.at("/yAxis/data"))).containsExactly("spring-boot/jvm", "spring-boot/aot",
        "quarkus/jvm", "quarkus/aot", "micronaut/jvm", "micronaut/aot");
    assertThat(startup.at("/series/0/data")).hasSize(6);
    assertThat(startup.at("/series/1/data")).as("one dot per measured launch").hasSize(6 * 9);
    JsonNode box = startup.at("/series/0/data/0");
    assertThat(box.get(0).asDouble()).isLessThanOrEqualTo(box.get(2).asDouble());
    assertThat(box.get(2).asDouble()).isLessThanOrEqualTo(box.get(4).asDouble());

    JsonNode curves = options.get(2);
    assertThat(names(curves.get("series"))).containsExactly("spring-boot/jvm/1cpu-512m", "spring-boot/aot/1cpu-512m",
        "quarkus/jvm/1cpu-512m", "quarkus/aot/1cpu-512m", "micronaut/jvm/1cpu-512m");
    assertThat(curves.at("/xAxis/min").asDouble()).isCloseTo(Math.log10(2), offset(1e-4));
    assertThat(curves.at("/xAxis/axisLabel/formatter/$formatter").asText()).isEqualTo("ninesAsPercentile");
    JsonNode curve = curves.at("/series/0/data");
    assertThat(curve.size()).isGreaterThan(30);
    for (int i = 1; i < curve.size(); i++) {
      assertThat(curve.get(i).get(0).asDouble()).isGreaterThanOrEqualTo(curve.get(i - 1).get(0).asDouble());
      assertThat(curve.get(i).get(1).asDouble()).isGreaterThanOrEqualTo(curve.get(i - 1).get(1).asDouble());
    }
    assertThat(html).contains("formatters = {ninesAsPercentile: function (v)");

    JsonNode memory = options.get(3);
    assertThat(memory.get("series")).hasSize(5);
    assertThat(memory.at("/series/0/data")).hasSize(47);
    assertThat(memory.at("/series/0/markLine/data/0/yAxis").asDouble()).isEqualTo(536.9);
    assertThat(memory.at("/series/0/markArea/data/0/1/xAxis").asDouble()).isEqualTo(17);
    assertThat(options.get(4).at("/series/0/markLine/data/0/yAxis").asDouble()).isEqualTo(1.0);

    assertThat(html).contains("<h2>Environment</h2>", "<h2>Startup</h2>", "<h2>Load</h2>", "<h2>Gatling</h2>",
        "<h2>Problems</h2>");
    assertThat(html).contains("<td>quarkus/native/1cpu-512m</td>", "unavailable: native-image not found");
    assertThat(html).contains("<td>micronaut/aot/1cpu-512m</td>", "unavailable: no AOT image");
    assertThat(html).contains("<a href=\"gatling/quarkus_jvm_1cpu-512m/steady/steady-1/index.html\">html</a>",
        "FAILED: Gatling exited with 2");
  }

  @Test
  void textFromTheRunIsEscaped() {
    String html = PageJson.body(ReportFiles.page(ReportFixture.full()));

    assertThat(html).doesNotContain("<img", "<boom>", "<test>");
    assertThat(html).contains("start: answered 500 &lt;img src=x onerror=alert(1)&gt; &amp; gave up",
        "| Exception in thread &quot;main&quot; &lt;boom&gt;", "Xeon &lt;test&gt; &amp; co");
  }

  @Test
  void partsTheRunDidNotMeasureAreLeftOut() throws Exception {
    String html = PageJson.body(ReportFiles.page(ReportFixture.startupOnly()));

    assertThat(PageJson.titles(PageJson.options(html))).containsExactly("Time to first OK, profile 1cpu-512m",
        "Time to first OK, profile half-cpu-256m");
    assertThat(html).contains("<h2>Startup</h2>").doesNotContain("<h2>Load</h2>", "<h2>Gatling</h2>",
        "<h2>Problems</h2>");
  }

  @Test
  void writeToPutsThePageBesideResultsAndSummary(@TempDir Path dir) throws Exception {
    RunReport report = ReportFixture.full();

    ReportFiles.write(report, dir);

    assertThat(dir.resolve("results.json")).exists();
    assertThat(dir.resolve("summary.md")).exists();
    assertThat(Files.readString(dir.resolve("index.html")).equals(ReportFiles.page(report)))
        .as("index.html is the rendered page").isTrue();
    JsonNode results = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
    assertThat(results.at("/loads/0/fixedRate/latencyCurve")).isNotEmpty();
    assertThat(results.at("/loads/0/fixedRate/latencyCurve/0/latencyMicros").isIntegralNumber()).isTrue();
  }

  private static List<String> values(JsonNode array) {
    return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
  }

  private static List<String> names(JsonNode series) {
    return StreamSupport.stream(series.spliterator(), false).map(s -> s.get("name").asText()).toList();
  }
}
