package dev.perflab.harness.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicationSummaryTest {

  @Test
  void aFaultWhoseCostIsInsideTheCleanRunsSpreadIsSaidNotToBeToldApart() {
    // Clean runs at 0 % and 14 %, the faulted one at 0 %: -7 against the median, but none against the warmer run.
    String summary = render(result(List.of(0.0, 0.14), 0.0));

    assertThat(summary).contains("it cost -7.0 points of effective failure ratio against the clean runs' median"
        + " (-14.0 to +0.0 against each clean run): inside the clean runs' own spread, not told apart from it");
  }

  @Test
  void aFaultThatCostMoreThanEveryCleanRunsDifferenceIsStatedWithoutTheCaveat() {
    String summary = render(result(List.of(0.02, 0.04), 0.20));

    assertThat(summary).contains("it cost +17.0 points of effective failure ratio against the clean runs' median"
        + " (+16.0 to +18.0 against each clean run)").doesNotContain("not told apart");
  }

  private static String render(ConfigurationResult result) {
    return ReplicationSummary.render("heading", "study", new ReplicationReport(List.of(result), List.of()), "load",
        "environment", "command");
  }

  private static ConfigurationResult result(List<Double> clean, double faulted) {
    Spread failures = Spread.of(clean);
    Spread any = Spread.of(List.of(0.5));
    return new ConfigurationResult("MSA-1-4-1", "split", "1-4-1", "haproxy", "worker-2 killed 30 s into a run after"
        + " the clean ones", clean.size(), 1250, 1250, 1200, 50, 0, 0, 0, 50, any, failures, any, any, any, any,
        ConfigurationResult.SOME_RUNS, 10, 1000, faulted - failures.median(), List.of(), null);
  }
}
