package dev.perflab.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.config.RunKind;
import dev.perflab.harness.report.RunSummary;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Writes a run's report into its directory: the document's JSON file (schema, environment, the
 * command, then each part's fields), summary.md and index.html.
 */
public final class ReportFiles {

  private ReportFiles() {}

  /** Writes the three files; returns the summary's text. */
  public static String write(RunReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(report.document().jsonFile()), json(report));
    String summary = summary(report);
    Files.writeString(dir.resolve(RunKind.SUMMARY), summary);
    Files.writeString(dir.resolve(RunKind.PAGE), page(report));
    return summary;
  }

  public static String json(RunReport report) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode().put("schema", report.document().schema());
    root.set("environment", Json.MAPPER.valueToTree(report.environment()));
    root.put("command", report.command());
    report.parts().forEach(part -> part.json().forEach((field, value) -> root.set(field, Json.MAPPER.valueToTree(value))));
    return Json.MAPPER.writeValueAsString(root) + "\n";
  }

  public static String summary(RunReport report) {
    List<PartResult> parts = report.parts();
    if (!report.document().framed()) {
      return String.join("\n", parts.stream().map(PartResult::markdown).toList());
    }
    return RunSummary.render(report.checks(), parts.stream().map(PartResult::passed).flatMap(Optional::stream).toList(),
        parts.stream().mapToLong(PartResult::unavailableCells).sum(), parts.stream().map(PartResult::markdown).toList(),
        problems(report), report.environment(), report.command());
  }

  public static String page(RunReport report) {
    if (!report.document().framed()) {
      HtmlPage page = new HtmlPage(report.document().title());
      report.parts().forEach(part -> part.html(page));
      return page.render();
    }
    List<Consumer<HtmlPage>> sections = report.parts().stream().<Consumer<HtmlPage>>map(part -> part::html).toList();
    return PerfRunHtml.render(report.environment(), sections, problems(report), report.command());
  }

  private static List<String> problems(RunReport report) {
    return report.parts().stream().flatMap(part -> part.problems().stream()).toList();
  }
}
