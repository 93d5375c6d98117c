package dev.perflab.harness.run;

import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one part found, as the report files and the tests need it: its fields in the run's JSON
 * file, its sections of summary.md and index.html, and its verdicts.
 */
public interface PartResult {

  /** The fields it adds to the JSON file, in order; each value is written as Jackson writes it. */
  Map<String, Object> json();

  /** Its section of summary.md (or, for a document of its own, the whole summary). */
  String markdown();

  /** Its section of index.html. */
  void html(HtmlPage page);

  /** A verdict per thing it judged, named as its test is. */
  List<Check> checks();

  /** What went wrong or ended a container, each a whole account, for the end of the summary and the page. */
  default List<String> problems() {
    return List.of();
  }

  /** How its verdicts read when all passed, e.g. "6 cell(s) within their budgets"; empty if it judges nothing. */
  default Optional<String> passed() {
    return Optional.empty();
  }

  /** How many of its cells cannot run on this machine (neither passed nor failed). */
  default long unavailableCells() {
    return 0;
  }

  /** The files it goes into: the perf run's, unless it is a report of its own. */
  default Document document() {
    return Document.PERF_RUN;
  }
}
