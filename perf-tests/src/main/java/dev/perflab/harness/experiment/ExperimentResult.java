package dev.perflab.harness.experiment;

import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.util.List;
import java.util.Map;

/** What one experiment found, as its report files need it; the run frames it as a document of its own. */
public interface ExperimentResult {

  /** The fields of experiment.json, in order; each value is written as Jackson writes it. */
  Map<String, Object> json();

  /** The whole summary.md. */
  String markdown();

  /** The whole index.html. */
  void html(HtmlPage page);

  /** A verdict per thing it judged. */
  List<Check> checks();

  /** What went wrong or was skipped, each a whole account. */
  List<String> problems();
}
