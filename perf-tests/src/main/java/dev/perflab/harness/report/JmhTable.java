package dev.perflab.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The summary's JMH section, from the JSON JMH wrote (jmh.json next to results.json): one row
 * per benchmark and parameter set, JMH's score with its 99.9 % confidence error.
 */
public final class JmhTable {

  public static final String JSON_FILE = "jmh.json";

  private JmhTable() {}

  static String render(JsonNode jmh) {
    StringBuilder md = new StringBuilder();
    md.append("\n## JMH\n\nStartup: `SingleShotTime`, a fresh pinned container per invocation until its first 200"
        + " (container creation included). Request latency: `SampleTime`, one request at a time from the harness CPU"
        + " (JDK HttpClient). Score ± JMH's 99.9 % error.\n\n");
    md.append("| benchmark | cell | path | score ± error | unit | p50 | p99 | samples |\n");
    md.append("|---|---|---|---:|---|---:|---:|---:|\n");
    for (JsonNode run : jmh) {
      String benchmark = run.path("benchmark").asText();
      JsonNode metric = run.path("primaryMetric");
      JsonNode percentiles = metric.path("scorePercentiles");
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f ± %.1f | %s | %.1f | %.1f | %d |%n",
          benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1),
          run.path("params").path("cell").asText(), run.path("params").path("path").asText("–"),
          metric.path("score").asDouble(), metric.path("scoreError").asDouble(), metric.path("scoreUnit").asText(),
          percentiles.path("50.0").asDouble(), percentiles.path("99.0").asDouble(), sampleCount(metric)));
    }
    return md.toString();
  }

  private static long sampleCount(JsonNode metric) {
    long count = 0;
    for (JsonNode fork : metric.path("rawDataHistogram")) {
      for (JsonNode iteration : fork) {
        for (JsonNode bucket : iteration) {
          count += bucket.path(1).asLong();
        }
      }
    }
    if (count == 0) {
      for (JsonNode fork : metric.path("rawData")) {
        count += fork.size();
      }
    }
    return count;
  }

  /**
   * Merges jmh.json into results.json (as "jmh") and its table into summary.md, if JMH ran and
   * they are not merged yet. Returns whether it merged.
   */
  static boolean mergeInto(Path reportDir) throws IOException {
    Path json = reportDir.resolve(JSON_FILE);
    Path results = reportDir.resolve("results.json");
    Path summary = reportDir.resolve("summary.md");
    if (!Files.exists(json) || !Files.exists(results) || !Files.exists(summary)) {
      return false;
    }
    JsonNode jmh = PerfReport.JSON.readTree(json.toFile());
    ObjectNode report = (ObjectNode) PerfReport.JSON.readTree(results.toFile());
    if (report.has("jmh")) {
      return false;
    }
    report.set("jmh", jmh);
    PerfReport.JSON.writeValue(results.toFile(), report);
    String text = Files.readString(summary);
    int environment = text.lastIndexOf("\n\nEnvironment:");
    String table = render(jmh);
    Files.writeString(summary, environment < 0 ? text + table : text.substring(0, environment) + "\n" + table
        + text.substring(environment));
    return true;
  }
}
