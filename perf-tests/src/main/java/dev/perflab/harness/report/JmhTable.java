package dev.perflab.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * The summary's JMH section, from the JSON JMH wrote (jmh.json next to results.json): one row
 * per benchmark and parameter set, JMH's score with its 99.9 % confidence error.
 */
public final class JmhTable {

  private JmhTable() {}

  /** The section for the JSON JMH wrote (its results, as a list). */
  public static String render(JsonNode jmh) {
    StringBuilder md = new StringBuilder();
    md.append("## JMH\n\nStartup: `SingleShotTime`, a fresh pinned container per invocation until its first 200"
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
}
