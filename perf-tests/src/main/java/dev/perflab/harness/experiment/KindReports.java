package dev.perflab.harness.experiment;

import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What every kind's result says the same way: the head of its experiment.json, the study it re-runs in a
 * sentence, its findings as a table (summary and page), the summary's footer, and a check per variant that fails
 * only when none of its points ran.
 */
public final class KindReports {

  private KindReports() {}

  /** experiment.json's first fields, in order; the kind adds its analyses after them. */
  public static Map<String, Object> jsonHead(ExperimentFile experiment, ExperimentKind kind, String scale,
      long points, Sweep.Outcome<?> outcome) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("kind", experiment.kind());
    json.put("title", experiment.title());
    json.put("study", experiment.study());
    json.put("scale", scale);
    json.put("points", points);
    json.put("resumedPoints", outcome.resumedPoints());
    json.put("resumedFailures", outcome.resumed().failures());
    json.put("firstResumedFailure", outcome.resumed().firstFailure());
    json.put("remeasuredPoints", outcome.remeasured());
    json.put("labFaultedPoints", outcome.labFaulted());
    json.put("skipped", outcome.skipped());
    json.put("dataset", kind.datasetFiles());
    return json;
  }

  /** "Re-runs part of *title* (reference): what." */
  public static String study(ExperimentFile experiment) {
    return "Re-runs part of *" + experiment.study().title().strip() + "* (" + experiment.study().reference().strip()
        + "): " + experiment.study().rerun().strip();
  }

  /**
   * The end of every kind's summary.md: the environment, then the command that re-runs the experiment (its
   * {@code Re-run:} line, which ExperimentSmokeIT looks for).
   *
   * @param environment the run's environment line ({@code RunSummary.environmentLine}), after the points' account
   *     ({@link #measuredIn})
   */
  public static String footer(String environment, String command) {
    return "\n" + environment.strip() + "\n\nRe-run: `" + command + "`\n";
  }

  /** The points' account ({@link #points}), then the environment: what the run measured, and where. */
  public static String measuredIn(Sweep.Outcome<?> outcome, String environment) {
    return points(outcome) + "\n\n" + environment.strip();
  }

  /**
   * "Points: 4 of 6 measured in this run; 2 taken from an earlier run of the same setup (1 of them a failure, the
   * first: ...)", and the points measured again or to be measured again because the lab, not the app, failed.
   */
  public static String points(Sweep.Outcome<?> outcome) {
    int measured = outcome.points() - outcome.resumedPoints();
    StringBuilder text = new StringBuilder("Points: " + measured + " of " + outcome.points() + " measured in this run");
    if (outcome.resumedPoints() > 0) {
      text.append("; ").append(outcome.resumedPoints()).append(" taken from an earlier run of the same setup");
      if (outcome.resumed().failures() > 0) {
        text.append(" (").append(outcome.resumed().failures()).append(" of them a failure of the app's, the first: ")
            .append(outcome.resumed().firstFailure()).append(")");
      }
    }
    text.append(".");
    if (!outcome.remeasured().isEmpty()) {
      text.append(" Measured again because an earlier run's attempt failed for a cause outside the app: ")
          .append(String.join("; ", outcome.remeasured())).append(".");
    }
    if (!outcome.labFaulted().isEmpty()) {
      text.append(" **Failed for a cause outside the app** (reported here, not finished: the next run measures them"
          + " again): ").append(String.join("; ", outcome.labFaulted())).append(".");
    }
    return text.toString();
  }

  /**
   * The summary's findings section: the finding's id and the study's words, the verdict and why (the rule is
   * {@code VerdictRule}'s, the same for every kind), the figure. The id leads its row in backticks, so that a results
   * file that keeps the table can be cited by it: docs/results/README.md states "`id` verdict", which
   * ResultsIndexTest holds to the row.
   */
  public static String findingsMarkdown(List<FindingResult> findings) {
    if (findings.isEmpty()) {
      return "## Findings\n\n" + NO_FINDINGS + "\n";
    }
    StringBuilder md = new StringBuilder("## Findings\n\n" + RULE + "\n\n"
        + "| finding (the study's) | verdict | why | measured |\n|---|---|---|---|\n");
    for (FindingResult finding : findings) {
      md.append("| `").append(finding.id()).append("`: ").append(cell(finding.claim()))
          .append(" | **").append(verdict(finding)).append("** | ")
          .append(cell(finding.why())).append(" | ").append(cell(finding.figure())).append(" |\n");
    }
    return md.toString();
  }

  /** The page's findings: their table, or a sentence saying the file states none. */
  public static HtmlPage findings(HtmlPage page, List<FindingResult> findings) {
    return findings.isEmpty() ? page.paragraph(NO_FINDINGS) : page.table(findingsTable(findings));
  }

  private static HtmlTable findingsTable(List<FindingResult> findings) {
    HtmlTable table = new HtmlTable("finding (the study's)", "verdict", "why", "measured");
    findings.forEach(finding -> table.row(finding.claim(), verdict(finding), finding.why(), finding.figure()));
    return table;
  }

  /** A file of one's own may state no finding (findings: []): said so, rather than an empty table. */
  static final String NO_FINDINGS = "None: the experiment file states no study finding (its findings list is empty),"
      + " so its figures are measured and compared with nothing.";

  /** The rule every verdict follows, said once above the table. */
  public static final String RULE = "A finding agrees when the measured figure and its interval sit inside what the"
      + " study claims, disagrees when the interval sits outside it, and is inconclusive when the interval straddles"
      + " the claim, is not known, or the run cannot reach where the claim lives.";

  /**
   * Per variant ({@code key} of its rows, e.g. "quarkus/jvm"), a passed check if any of its rows ran, else a
   * failed one with the first row's failure; a skipped check per skipped variant.
   *
   * @param noneRan what the failed check says happened, e.g. "no launch reached its first OK"
   */
  public static <R> List<Check> checks(List<R> rows, Function<R, String> key, Predicate<R> ran,
      Function<R, String> failure, String noneRan, List<String> skipped) {
    List<Check> checks = new ArrayList<>();
    Map<String, List<R>> byKey = new LinkedHashMap<>();
    rows.forEach(row -> byKey.computeIfAbsent(key.apply(row), k -> new ArrayList<>()).add(row));
    byKey.forEach((variant, variantRows) -> {
      String name = "experiment " + variant;
      if (variantRows.stream().anyMatch(ran)) {
        checks.add(Check.passed(name));
      } else {
        // The first row that failed: the first row may be one that ran but does not count (a discarded launch).
        String first = variantRows.stream().map(failure).filter(Objects::nonNull).findFirst()
            .orElse("none of its rows recorded a failure");
        String why = variant + ": " + noneRan + "; the first failure: " + first;
        checks.add(Check.failed(name, why.lines().findFirst().orElse(why), why));
      }
    });
    skipped.forEach(skip -> checks.add(Check.skipped("experiment " + skip.split(":")[0], skip)));
    return checks;
  }

  /** A file's scale of this name, or a refusal that lists the scales it has. */
  public static <S> S scale(Map<String, S> scales, String name) {
    S scale = scales.get(name);
    if (scale == null) {
      throw new IllegalArgumentException("perflab.experiment.scale: the experiment has no scale '" + name
          + "'; it has " + scales.keySet().stream().sorted().toList());
    }
    return scale;
  }

  /** Refuses a file whose kind block lacks the {@code default} or {@code smoke} scale. */
  public static void requireDefaultAndSmoke(Map<String, ?> scales) {
    for (String scale : List.of("default", "smoke")) {
      if (!scales.containsKey(scale)) {
        throw new IllegalArgumentException("'scales' needs a '" + scale + "' scale; it has " + scales.keySet());
      }
    }
  }

  private static String verdict(FindingResult finding) {
    return finding.verdict().name().toLowerCase(Locale.ROOT);
  }

  /**
   * A markdown table's head: {@code columns}, the first left-aligned, the rest right-aligned ({@code numbers}, a
   * table of figures) or left.
   */
  public static void tableHead(StringBuilder md, List<String> columns, boolean numbers) {
    md.append("| ").append(String.join(" | ", columns)).append(" |\n|---|");
    md.append((numbers ? "---:|" : "---|").repeat(columns.size() - 1)).append('\n');
  }

  /** One row of a markdown table, each of {@code cells} made a {@link #cell}. */
  public static void tableRow(StringBuilder md, List<String> cells) {
    md.append("| ").append(String.join(" | ", cells.stream().map(KindReports::cell).toList())).append(" |\n");
  }

  /** {@code text} as one cell of a markdown table: its bars escaped, its lines joined. */
  public static String cell(String text) {
    return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
  }
}
