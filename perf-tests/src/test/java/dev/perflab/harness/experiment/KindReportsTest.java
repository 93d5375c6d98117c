package dev.perflab.harness.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.util.List;
import org.junit.jupiter.api.Test;

class KindReportsTest {

  private static final FindingResult DISAGREE = new FindingResult("peak", "about 3.5 times", FindingVerdict.DISAGREE,
      "outside the claim", "2.56 (90 % 2.53–2.57)");

  @Test
  void findingsAreATableWithTheRuleAboveIt() {
    String md = KindReports.findingsMarkdown(List.of(DISAGREE));

    assertThat(md).contains(KindReports.RULE)
        .contains("| `peak`: about 3.5 times | **disagree** | outside the claim | 2.56 (90 % 2.53–2.57) |");
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

  record Launch(String variant, boolean counted, String failure) {}

  /**
   * A variant none of whose launches counted names the first that failed: its first launch may be one that ran but
   * does not count (a discarded one), whose failure is null ("the first: null" was all a reader got).
   */
  @Test
  void aVariantThatNeverCountedNamesItsFirstFailureNotItsFirstRow() {
    List<Launch> launches = List.of(new Launch("quarkus/jvm", false, null),
        new Launch("quarkus/jvm", false, "quarkus/jvm #1: pods \"quarkus-jvm-2\" is forbidden"),
        new Launch("quarkus/jvm", false, "quarkus/jvm #2: could not push"));

    List<Check> checks = KindReports.checks(launches, Launch::variant, Launch::counted, Launch::failure,
        "no launch reached its first OK", List.of());

    assertThat(checks).singleElement().satisfies(check -> assertThat(check.headline())
        .contains("the first failure: quarkus/jvm #1: pods \"quarkus-jvm-2\" is forbidden").doesNotContain("null"));
  }

  @Test
  void thePointsLineSaysWhatWasResumedFailedAndMeasuredAgain() {
    Sweep.Outcome<Object> outcome = new Sweep.Outcome<>(null, 6, 2, List.of(),
        new Sweep.Resumed(1, "quarkus/jvm #0: died at startup"), List.of("quarkus/jvm #3: the Docker engine refused"),
        List.of("quarkus/jvm #4: the cluster refused: namespace terminating"));

    assertThat(KindReports.points(outcome)).isEqualTo("Points: 4 of 6 measured in this run; 2 taken from an earlier"
        + " run of the same setup (1 of them a failure of the app's, the first: quarkus/jvm #0: died at startup)."
        + " Measured again because an earlier run's attempt failed for a cause outside the app: quarkus/jvm #3: the"
        + " Docker engine refused. **Failed for a cause outside the app** (reported here, not finished: the next run"
        + " measures them again): quarkus/jvm #4: the cluster refused: namespace terminating.");
  }
}
