package dev.perflab.gatling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A finished Gatling run, read from its output directory: the statistics per request name and
 * for all requests, and the assertions with their outcome.
 *
 * <p>Gatling 3.15 writes no machine-readable statistics (no {@code js/stats.json} or
 * {@code js/assertions.json} as older versions did; {@code simulation.log} is a private binary
 * format), so this reads the tables of the report's {@code index.html}, finding the columns by
 * their headings. Anything it cannot find is an error naming the file, never a silent zero.
 */
public record GatlingReport(Path runDirectory, Path indexHtml, RequestStats global, List<RequestStats> requests,
    List<AssertionResult> assertions) {

  private static final String GLOBAL_ROW = "ROOT";
  private static final Pattern HEADING =
      Pattern.compile("<th id=\"col-(\\d+)\"[^>]*><span>(?:<abbr[^>]*>)?([^<]+)");
  private static final Pattern ROW = Pattern.compile("<tr id=\"([^\"]+)\"[^>]*>(.*?)</tr>", Pattern.DOTALL);
  private static final Pattern ROW_NAME = Pattern.compile("class=\"ellipsed-name\">([^<]*)</span>");
  private static final Pattern CELL = Pattern.compile("<td class=\"value [^\"]*col-(\\d+)\">([^<]*)</td>");
  private static final Pattern ASSERTIONS =
      Pattern.compile("<table id=\"container_assertions\".*?<tbody>(.*?)</tbody>", Pattern.DOTALL);
  private static final Pattern ASSERTION = Pattern.compile(
      "<td class=\"error-col-1 [^\"]*\">\\s*(.*?)\\s*<span.*?<td class=\"error-col-2 [^\"]*\">(OK|KO)</td>",
      Pattern.DOTALL);

  public GatlingReport {
    requests = List.copyOf(requests);
    assertions = List.copyOf(assertions);
  }

  /** A run directory: the one holding {@code index.html} (Gatling names it {@code <simulation>-<timestamp>}). */
  public static GatlingReport read(Path runDirectory) {
    Path indexHtml = runDirectory.resolve("index.html");
    String html;
    try {
      html = Files.readString(indexHtml);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read Gatling's report " + indexHtml, e);
    }
    Map<String, Integer> columns = columns(html, indexHtml);
    RequestStats global = null;
    List<RequestStats> requests = new ArrayList<>();
    Matcher row = ROW.matcher(html);
    while (row.find()) {
      Matcher name = ROW_NAME.matcher(row.group(2));
      if (!name.find()) {
        continue;
      }
      RequestStats stats = stats(unescape(name.group(1)), cells(row.group(2)), columns, indexHtml);
      if (GLOBAL_ROW.equals(row.group(1))) {
        global = stats;
      } else {
        requests.add(stats);
      }
    }
    if (global == null) {
      throw new IllegalStateException("no statistics table in " + indexHtml);
    }
    return new GatlingReport(runDirectory, indexHtml, global, requests, assertions(html));
  }

  /** The newest run under a results directory (the one most recently written). */
  public static GatlingReport readLatest(Path resultsDirectory) {
    return latestRunDirectory(resultsDirectory).map(GatlingReport::read)
        .orElseThrow(() -> new IllegalStateException("no Gatling report under " + resultsDirectory));
  }

  /** The directory of the newest run with an {@code index.html} under a results directory, if any. */
  public static Optional<Path> latestRunDirectory(Path resultsDirectory) {
    try (Stream<Path> entries = Files.list(resultsDirectory)) {
      return entries.filter(dir -> Files.isRegularFile(dir.resolve("index.html")))
          .max(Comparator.comparing(GatlingReport::reportTime));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + resultsDirectory, e);
    }
  }

  public Optional<RequestStats> request(String name) {
    return requests.stream().filter(stats -> stats.name().equals(name)).findFirst();
  }

  /** True when every assertion held, or there were none. */
  public boolean assertionsPassed() {
    return assertions.stream().allMatch(AssertionResult::passed);
  }

  private static Map<String, Integer> columns(String html, Path indexHtml) {
    Map<String, Integer> columns = new HashMap<>();
    Matcher heading = HEADING.matcher(html);
    while (heading.find()) {
      columns.put(heading.group(2).strip(), Integer.parseInt(heading.group(1)));
    }
    if (columns.isEmpty()) {
      throw new IllegalStateException("no statistics table headings in " + indexHtml);
    }
    return columns;
  }

  private static Map<Integer, String> cells(String row) {
    Map<Integer, String> cells = new HashMap<>();
    Matcher cell = CELL.matcher(row);
    while (cell.find()) {
      cells.put(Integer.parseInt(cell.group(1)), cell.group(2).strip());
    }
    return cells;
  }

  private static RequestStats stats(String name, Map<Integer, String> cells, Map<String, Integer> columns,
      Path indexHtml) {
    ToDoubleFunction<String> column = heading -> {
      Integer index = columns.get(heading);
      String text = index == null ? null : cells.get(index);
      if (text == null) {
        throw new IllegalStateException("no '" + heading + "' value for '" + name + "' in " + indexHtml);
      }
      try {
        return Double.parseDouble(text.replace(",", ""));
      } catch (NumberFormatException e) {
        throw new IllegalStateException("'" + heading + "' of '" + name + "' is '" + text + "' in " + indexHtml);
      }
    };
    return new RequestStats(name, (long) column.applyAsDouble("Total"), (long) column.applyAsDouble("OK"),
        (long) column.applyAsDouble("KO"), column.applyAsDouble("Cnt/s"), column.applyAsDouble("Mean"),
        column.applyAsDouble("50th pct"), column.applyAsDouble("75th pct"), column.applyAsDouble("95th pct"),
        column.applyAsDouble("99th pct"), column.applyAsDouble("Max"));
  }

  private static List<AssertionResult> assertions(String html) {
    Matcher table = ASSERTIONS.matcher(html);
    List<AssertionResult> results = new ArrayList<>();
    if (table.find()) {
      Matcher assertion = ASSERTION.matcher(table.group(1));
      while (assertion.find()) {
        results.add(new AssertionResult(unescape(assertion.group(1)), "OK".equals(assertion.group(2))));
      }
    }
    return results;
  }

  private static String unescape(String html) {
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
        .replace("&#x27;", "'").replace("&nbsp;", " ").replace("&amp;", "&");
  }

  private static FileTime reportTime(Path runDirectory) {
    try {
      return Files.getLastModifiedTime(runDirectory.resolve("index.html"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
