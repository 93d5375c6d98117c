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

  @Test
  void theShareUnder800MsIsShownOverTheSuccessfulRequestsAndOverThoseSentEachColumnNamingItsDenominator() {
    Spread any = Spread.of(List.of(0.5, 0.5));
    ConfigurationResult result = new ConfigurationResult("MSA-1-4-1", "split", "1-4-1", "haproxy", null, 2, 2500,
        2500, 2000, 500, 0, 0, 0, 500, any, any, any, Spread.of(List.of(0.9, 0.94)), Spread.of(List.of(0.06, 0.1)),
        Spread.of(List.of(0.0, 0.0)), Spread.of(List.of(0.72, 0.75)), ConfigurationResult.NO_RUN, 10, 1000, null,
        List.of(), null);

    String summary = render(result);

    assertThat(summary).contains("| < 800 ms of OK | 800–1,200 ms of OK | ≥ 1,200 ms of OK | < 800 ms of sent |",
        "| 92.0 % (90.0–94.0 %) | 8.0 % (6.0–10.0 %) | 0.0 % (0.0–0.0 %) | 73.5 % (72.0–75.0 %) |");
  }

  private static String render(ConfigurationResult result) {
    return ReplicationSummary.render("heading", "study", new ReplicationReport(List.of(result), List.of()), "load",
        "environment", "command");
  }

  private static ConfigurationResult result(List<Double> clean, double faulted) {
    Spread failures = Spread.of(clean);
    Spread any = Spread.of(List.of(0.5));
    return new ConfigurationResult("MSA-1-4-1", "split", "1-4-1", "haproxy", "worker-2 killed 30 s into a run after"
        + " the clean ones", clean.size(), 2500, 2500, 2450, 50, 0, 0, 0, 50, any, failures, any, any, any, any, any,
        ConfigurationResult.SOME_RUNS, 10, 1000, faulted - failures.median(), List.of(), null);
  }
}
