package dev.perflab.harness.report.results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The findings a results file prints, in the two tables the check reads.
 *
 * <p>A <b>findings row</b> is a table row whose first cell starts with the finding's id in backticks, as the harness
 * prints it ({@code KindReports.findingsMarkdown}: "`model-agrees`: the study's words | **agree** | …").
 * Its verdict is every bold verdict word in its other cells (the harness prints the verdict bold) and the cell of a
 * column headed "verdict"; a row stating two verdicts (one per framework, say) states none the index can cite alone.
 *
 * <p>A <b>restatement row</b> is a row of a table headed with "old" and "new" columns, as
 * 2026-11-28-restated-findings.md has them: its "run" cell links the section of the file whose finding it restates,
 * its "finding" cell starts with the finding's id, "old" is the verdict as printed then and "new" the one that stands.
 */
final class FindingTables {

  static final Pattern ID = Pattern.compile("`([a-z0-9]+(?:-[a-z0-9]+)+)`");
  private static final Pattern BOLD_VERDICT = Pattern.compile("\\*\\*(agree|disagree|inconclusive)\\*\\*");

  record FindingRow(ResultsMarkdown file, int line, String id, Set<Verdict> verdicts, String claim) {

    String where() {
      return file.sectionOf(line) + " line " + line;
    }
  }

  /**
   * @param target the section restated, as the "run" cell links it; null when the cell links none
   * @param id the finding's id; null when the "finding" cell does not start with one
   * @param old the verdict printed then; null when none was ("not stated")
   * @param now the verdict that stands; null when the "new" cell states none the check knows
   */
  record Restatement(ResultsMarkdown file, int line, ResultsMarkdown.Link target, String id, Verdict old,
      Verdict now, String nowCell) {

    String where() {
      return file.name() + " line " + line;
    }
  }

  private FindingTables() {}

  static List<FindingRow> findings(ResultsMarkdown file) {
    List<FindingRow> findings = new ArrayList<>();
    for (ResultsMarkdown.Table table : file.tables()) {
      if (restating(table)) {
        continue;
      }
      int verdictColumn = table.column("verdict");
      for (ResultsMarkdown.Row row : table.rows()) {
        Optional<String> id = leadingId(row.cell(0));
        if (id.isEmpty()) {
          continue;
        }
        Set<Verdict> verdicts = new LinkedHashSet<>();
        for (int i = 1; i < row.cells().size(); i++) {
          Matcher bold = BOLD_VERDICT.matcher(row.cell(i));
          while (bold.find()) {
            Verdict.of(bold.group(1)).ifPresent(verdicts::add);
          }
        }
        if (verdictColumn > 0) {
          Verdict.leading(row.cell(verdictColumn)).filter(Verdict::plain).ifPresent(verdicts::add);
        }
        findings.add(new FindingRow(file, row.line(), id.get(), Set.copyOf(verdicts), row.cell(0)));
      }
    }
    return findings;
  }

  static List<Restatement> restatements(ResultsMarkdown file) {
    List<Restatement> restatements = new ArrayList<>();
    for (ResultsMarkdown.Table table : file.tables()) {
      if (!restating(table)) {
        continue;
      }
      int run = table.column("run");
      int finding = table.column("finding");
      int old = table.column("old");
      int now = table.column("new");
      for (ResultsMarkdown.Row row : table.rows()) {
        ResultsMarkdown.Link target = ResultsMarkdown.links(row.cell(run)).stream().findFirst().orElse(null);
        restatements.add(new Restatement(file, row.line(), target, leadingId(row.cell(finding)).orElse(null),
            Verdict.leading(row.cell(old)).filter(Verdict::plain).orElse(null),
            Verdict.leading(row.cell(now)).orElse(null), row.cell(now)));
      }
    }
    return restatements;
  }

  /** Whether the file restates others' findings: it has a table with "old" and "new" columns. */
  static boolean restates(ResultsMarkdown file) {
    return file.tables().stream().anyMatch(FindingTables::restating);
  }

  /**
   * The files that {@code file} says restate its findings: those linked from a line starting "**Restated**", which
   * is how a file tells its reader, and this check, that its verdicts as printed may no longer stand.
   */
  static Set<String> restatedBy(ResultsMarkdown file) {
    Set<String> by = new LinkedHashSet<>();
    for (String line : file.lines()) {
      if (line.startsWith("**Restated**")) {
        ResultsMarkdown.links(line).forEach(link -> by.add(link.file()));
      }
    }
    return by;
  }

  private static boolean restating(ResultsMarkdown.Table table) {
    return table.column("old") >= 0 && table.column("new") >= 0;
  }

  private static Optional<String> leadingId(String cell) {
    Matcher id = ID.matcher(cell.strip());
    return id.lookingAt() ? Optional.of(id.group(1)) : Optional.empty();
  }
}
