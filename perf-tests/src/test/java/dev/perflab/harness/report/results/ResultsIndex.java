package dev.perflab.harness.report.results;

import dev.perflab.harness.report.results.FindingTables.FindingRow;
import dev.perflab.harness.report.results.FindingTables.Restatement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The results index (docs/results/README.md) held to the files it cites: each verdict it states must be the one the
 * cited file's findings table prints for that finding, or, where a later file restated the finding, the restated one
 * (alone, or after the printed one and an arrow: "agree → inconclusive").
 *
 * <p>How a restatement is respected: a file whose verdicts were restated says so on a line starting "**Restated**"
 * that links the restating file; that file's restatement rows link the section and name the finding. Once a file says
 * it is restated, every finding of it the index cites needs its restatement row, and the restated verdict is the one
 * that stands: the printed one alone reads as stale. The restatement rows are held to the tables too: each must find
 * its finding in the section it links, with the verdict its "old" column says was printed.
 */
final class ResultsIndex {

  static final String INDEX = "README.md";

  private final Map<String, ResultsMarkdown> files;

  private ResultsIndex(Map<String, ResultsMarkdown> files) {
    this.files = files;
  }

  /** @param texts each file of docs/results by its name, the index (README.md) among them */
  static ResultsIndex of(Map<String, String> texts) {
    Map<String, ResultsMarkdown> files = new TreeMap<>();
    texts.forEach((name, text) -> files.put(name, ResultsMarkdown.parse(name, text)));
    return new ResultsIndex(files);
  }

  /** Every verdict word of the index that no findings table backs, each as a sentence saying what to write. */
  List<String> indexProblems() {
    List<String> problems = new ArrayList<>();
    List<String> lines = files.get(INDEX).lines();
    for (int i = 0; i < lines.size(); i++) {
      int number = i + 1;
      IndexCitations.Line line = IndexCitations.read(number, lines.get(i));
      for (ResultsMarkdown.Link link : ResultsMarkdown.links(lines.get(i))) {
        linkProblem(INDEX + " line " + number, link).ifPresent(problems::add);
      }
      line.loose().forEach(loose -> problems.add(INDEX + " line " + loose.line() + ": \"" + loose.word()
          + "\" is tied to no finding (" + loose.context() + "): write the finding's id in backticks just before the"
          + " verdict, e.g. `model-agrees` inconclusive, after a link to the file or section it is about"));
      line.unscoped().forEach(text -> problems.add(INDEX + " line " + number + ": \"" + text + "\" follows no link"
          + " to a results file on its line: link the file, or its section, that prints the finding before it"));
      line.citations().forEach(citation -> citation.ids().forEach(id -> cite(citation, id, problems)));
      line.counts().forEach(count -> count(count, problems));
    }
    return problems;
  }

  /** Every restatement row that does not find, in the section it links, the finding and the verdict it restates. */
  List<String> restatementProblems() {
    List<String> problems = new ArrayList<>();
    for (ResultsMarkdown restating : files.values()) {
      for (Restatement row : FindingTables.restatements(restating)) {
        if (row.target() == null) {
          continue; // a row that links no section restates nothing the index can cite
        }
        String at = row.where() + " (`" + row.id() + "` in " + row.target().target() + ")";
        if (row.id() == null) {
          problems.add(row.where() + " links " + row.target().target() + " but its finding cell starts with no id"
              + " in backticks: name the finding as its file's table does");
          continue;
        }
        Optional<String> link = linkProblem(row.where(), row.target());
        if (link.isPresent()) {
          problems.add(link.get());
          continue;
        }
        ResultsMarkdown file = files.get(row.target().file());
        if (!FindingTables.restatedBy(file).contains(restating.name())) {
          problems.add(at + ": " + file.name() + " does not say it is restated: add a line starting **Restated**"
              + " that links " + restating.name() + ", so that its reader and the index know its verdicts moved");
        }
        if (row.now() == null) {
          problems.add(at + ": its new verdict \"" + row.nowCell() + "\" is none of agree, disagree, inconclusive,"
              + " n/r or cond.");
        }
        List<FindingRow> printed = rows(file, row.target().anchor(), row.id());
        Set<Verdict> verdicts = verdicts(printed);
        if (printed.isEmpty()) {
          problems.add(at + ": no findings table row for `" + row.id() + "` in " + row.target().target()
              + "; its rows there name " + ids(file, row.target().anchor()));
        } else if (verdicts.size() != 1) {
          problems.add(at + ": " + row.target().target() + " prints `" + row.id() + "` as " + described(printed)
              + ": link the section of the one restated");
        } else if (row.old() != null && !verdicts.contains(row.old())) {
          problems.add(at + ": its old verdict is " + row.old().word() + ", but " + described(printed)
              + " is what the file prints: the old column copies the printed verdict");
        }
      }
    }
    return problems;
  }

  /** The results files without an entry ("- [file.md](file.md): …") in the index. */
  List<String> unindexed() {
    Set<String> indexed = new LinkedHashSet<>();
    for (String line : files.get(INDEX).lines()) {
      if (line.startsWith("- [")) {
        ResultsMarkdown.links(line).stream().findFirst().ifPresent(link -> indexed.add(link.file()));
      }
    }
    return files.keySet().stream().filter(name -> !name.equals(INDEX) && !indexed.contains(name))
        .map(name -> name + " has no entry in " + INDEX + ": add \"- [" + name + "](" + name + "): what it measured\""
            + " in its place, newest first")
        .toList();
  }

  private void cite(IndexCitations.Citation citation, String id, List<String> problems) {
    String at = INDEX + " line " + citation.line() + ": \"" + citation.text() + "\"";
    ResultsMarkdown file = files.get(citation.scope().file());
    if (file == null) {
      return; // the link's own problem says so
    }
    String anchor = citation.scope().anchor();
    List<FindingRow> printed = rows(file, anchor, id);
    Set<Verdict> verdicts = verdicts(printed);
    if (printed.isEmpty()) {
      problems.add(at + " cites `" + id + "` in " + citation.scope().target() + ", where no findings table has a row"
          + " for it (a findings row's first cell starts with its id in backticks); the rows there name "
          + ids(file, anchor));
      return;
    }
    if (verdicts.size() != 1) {
      problems.add(at + ": " + citation.scope().target() + " prints `" + id + "` as " + described(printed)
          + ": link the section meant");
      return;
    }
    Verdict was = verdicts.iterator().next();
    Set<String> by = FindingTables.restatedBy(file);
    List<Restatement> restated = restatements(file, printed, id);
    Set<Verdict> now = restated.stream().map(Restatement::now).collect(Collectors.toSet());
    String evidence = "the findings table at " + printed.getFirst().where() + " prints `" + id + "` " + was.word();
    if (!by.isEmpty() && restated.isEmpty()) {
      problems.add(at + ": " + evidence + ", and " + file.name() + " says it is restated in " + String.join(", ", by)
          + ", which has no row for it linking that section: link the row's run cell there, so that the restated"
          + " verdict is the one checked");
      return;
    }
    if (now.size() > 1) {
      problems.add(at + ": `" + id + "` is restated differently by " + restated.stream().map(Restatement::where)
          .collect(Collectors.joining(" and ")) + ": link the section meant");
      return;
    }
    Verdict stands = restated.isEmpty() ? null : restated.getFirst().now();
    Set<String> accepted = new LinkedHashSet<>();
    if (stands == null || stands == was) {
      accepted.add(was.word());
    }
    if (stands != null && stands.plain()) {
      accepted.add(stands.word());
    }
    if (stands != null) {
      accepted.add(was.word() + " → " + stands.word());
    }
    String said = citation.said().word() + (citation.restated() == null ? "" : " → " + citation.restated().word());
    if (!accepted.contains(said)) {
      String restatedBy = stands == null ? ""
          : ", and " + restated.getFirst().where() + " restates it " + stands.word();
      String write = stands == null || stands == was ? was.word() : was.word() + " → " + stands.word();
      problems.add(at + ": " + evidence + restatedBy + ": write `" + id + "` " + write);
    }
  }

  private void count(IndexCitations.Count count, List<String> problems) {
    ResultsMarkdown file = files.get(count.scope().file());
    if (file == null) {
      return;
    }
    String at = INDEX + " line " + count.line() + ": \"" + count.text() + "\"";
    if (!FindingTables.restates(file)) {
      problems.add(at + " counts changed verdicts in " + file.name() + ", which restates nothing (no table with"
          + " old and new columns)");
      return;
    }
    List<Restatement> changed = FindingTables.restatements(file).stream()
        .filter(row -> row.old() != null && row.now() != null && row.now().plain() && row.old() != row.now())
        .filter(row -> (count.from() == null || row.old() == count.from()) && row.now() == count.to())
        .toList();
    if (changed.size() != count.count()) {
      String from = count.from() == null ? "" : count.from().word() + " ";
      String lines = changed.stream().map(row -> String.valueOf(row.line())).collect(Collectors.joining(", "));
      problems.add(at + ": " + file.name() + " restates " + changed.size() + " printed "
          + (from.isEmpty() ? "other " : from) + "verdict(s) as " + count.to().word()
          + (lines.isEmpty() ? "" : ", at line(s) " + lines) + ": write " + changed.size() + " " + from + "→ "
          + count.to().word());
    }
  }

  private Optional<String> linkProblem(String at, ResultsMarkdown.Link link) {
    ResultsMarkdown file = files.get(link.file());
    if (file == null) {
      return Optional.of(at + ": links " + link.target() + ", which is not a file of docs/results");
    }
    if (link.anchor() != null && file.heading(link.anchor()).isEmpty()) {
      return Optional.of(at + ": links " + link.target() + ", but no heading of " + file.name()
          + " has that anchor (GitHub's: lower case, punctuation dropped, spaces as hyphens)");
    }
    return Optional.empty();
  }

  private static List<FindingRow> rows(ResultsMarkdown file, String anchor, String id) {
    return FindingTables.findings(file).stream()
        .filter(row -> row.id().equals(id) && file.holds(anchor, row.line())).toList();
  }

  /** The rows' verdicts; a row stating none or two counts as a verdict of its own, so that it cannot pass. */
  private static Set<Verdict> verdicts(List<FindingRow> rows) {
    Set<Verdict> verdicts = new LinkedHashSet<>();
    for (FindingRow row : rows) {
      if (row.verdicts().size() != 1) {
        return Set.of();
      }
      verdicts.addAll(row.verdicts());
    }
    return verdicts;
  }

  private static String described(List<FindingRow> rows) {
    return rows.stream().map(row -> (row.verdicts().isEmpty() ? "no verdict" : row.verdicts().stream()
        .map(Verdict::word).collect(Collectors.joining(" and "))) + " (" + row.where() + ")")
        .collect(Collectors.joining(", "));
  }

  private static String ids(ResultsMarkdown file, String anchor) {
    Set<String> ids = new LinkedHashSet<>();
    FindingTables.findings(file).stream().filter(row -> file.holds(anchor, row.line()))
        .forEach(row -> ids.add("`" + row.id() + "`"));
    return ids.isEmpty() ? "no finding" : String.join(", ", ids);
  }

  /** The restatement rows, in any file that restates, that link a section holding one of {@code printed}. */
  private List<Restatement> restatements(ResultsMarkdown file, List<FindingRow> printed, String id) {
    return files.values().stream().filter(FindingTables::restates)
        .flatMap(restating -> FindingTables.restatements(restating).stream())
        .filter(row -> row.target() != null && id.equals(row.id()) && row.target().file().equals(file.name()))
        .filter(row -> printed.stream().anyMatch(finding -> file.holds(row.target().anchor(), finding.line())))
        .toList();
  }
}
