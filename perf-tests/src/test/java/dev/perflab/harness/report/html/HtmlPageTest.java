package dev.perflab.harness.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlPageTest {

  @Test
  void textTablesAndLinksAreEscaped() {
    String html = new HtmlPage("a < b").section("\"x\" & 'y'").paragraph("</p><script>")
        .table(new HtmlTable("cell", "ms").row(List.of(HtmlTable.Cell.link("<b>", "a\"b.html"),
            HtmlTable.Cell.text("1 < 2"))))
        .render();

    assertThat(html.contains("<title>a &lt; b</title>")).as("escaped title").isTrue();
    assertThat(PageJson.body(html)).contains("<h1>a &lt; b</h1>", "<h2>&quot;x&quot; &amp; &#39;y&#39;</h2>",
        "<p>&lt;/p&gt;&lt;script&gt;</p>", "<a href=\"a&quot;b.html\">&lt;b&gt;</a>");
  }

  @Test
  void numericColumnsAreRightAlignedAndMixedOnesAreNot() {
    String html = new HtmlTable("cell", "first OK ms", "version")
        .row("a/jvm", "2000 (1900–2200)", "25.0.3")
        .row("b/jvm", "–", "unknown")
        .html();

    assertThat(html).contains("<tr><td>a/jvm</td><td class=\"num\">2000 (1900–2200)</td><td>25.0.3</td></tr>",
        "<tr><td>b/jvm</td><td class=\"num\">–</td><td>unknown</td></tr>");
    assertThatThrownBy(() -> new HtmlTable("a", "b").row("only one"))
        .hasMessageContaining("a row of 1 cells in a table of 2 columns [a, b]");
  }

  @Test
  void anOptionCannotEndItsScriptElementAndIsDrawnWithoutAnimation() throws Exception {
    var option = Options.NODES.objectNode();
    option.putObject("title").put("text", "</script><script>alert(1)</script> & more");
    String html = PageJson.body(new HtmlPage("page").chart(new Chart(option, 300)).render());

    assertThat(html).contains("\\u003C/script\\u003E\\u003Cscript\\u003Ealert(1)");
    JsonNode parsed = PageJson.options(html).getFirst();
    assertThat(parsed.at("/title/text").asText()).isEqualTo("</script><script>alert(1)</script> & more");
    assertThat(parsed.get("animation").asBoolean(true)).isFalse();
    assertThat(option.has("animation")).as("the caller's option is left as it was").isFalse();
  }

  @Test
  void chartsAreNumberedAndTheirCountIsPublishedOnceDrawn() throws Exception {
    HtmlPage pageOf3 = new HtmlPage("page").section("one");
    for (int i = 0; i < 3; i++) {
      pageOf3.chart(new Chart(Options.NODES.objectNode().put("n", i), 200));
    }
    String page = pageOf3.render();
    String html = PageJson.body(page);

    assertThat(PageJson.options(html)).extracting(option -> option.get("n").asInt()).containsExactly(0, 1, 2);
    assertThat(html).contains("id=\"chart-3\"", "document.body.dataset.chartsRendered = String(charts.length)");
    assertThat(page.indexOf(EchartsLibrary.script())).as("ECharts inlined before the body that uses it")
        .isBetween(0, page.indexOf("<body>"));
    assertThat(page.contains("<meta name=\"generator\" content=\"perflab (Apache ECharts 5.3.1)\">"))
        .as("the ECharts version named").isTrue();
  }
}
