package dev.perflab.harness.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.report.html.HtmlPage;
import java.util.List;
import org.junit.jupiter.api.Test;

class KindReportsTest {

  private static final FindingResult DISAGREE = new FindingResult("peak", "about 3.5 times", FindingVerdict.DISAGREE,
      "outside the claim", "2.56 (90 % 2.53–2.57)");

  @Test
  void findingsAreATableWithTheRuleAboveIt() {
    String md = KindReports.findingsMarkdown(List.of(DISAGREE));

    assertThat(md).contains(KindReports.RULE)
        .contains("| about 3.5 times | **disagree** | outside the claim | 2.56 (90 % 2.53–2.57) |");
    assertThat(KindReports.findings(new HtmlPage("t").section("Findings"), List.of(DISAGREE)).render())
        .contains("about 3.5 times").doesNotContain("states no study finding");
  }

  /** A file of one's own with findings: [] gets a sentence, not a table with a header and no rows. */
  @Test
  void aFileStatingNoFindingSaysSo() {
    String md = KindReports.findingsMarkdown(List.of());

    assertThat(md).startsWith("## Findings\n\nNone: the experiment file states no study finding")
        .doesNotContain("| finding (the study's)").doesNotContain(KindReports.RULE);
    assertThat(KindReports.findings(new HtmlPage("t").section("Findings"), List.of()).render())
        .contains("states no study finding").doesNotContain("finding (the study");
  }
}
