package dev.perflab.harness.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each finding by the one verdict rule: a figure's noise is its runs' range, one run leaves it inconclusive, a
 * series that stops short of the study's count cannot disagree with it.
 */
class ReplicationFindingsTest {

  private static final ReplicationAnalysis STUDY = new ReplicationAnalysis(figure(0.55), figure(0.89),
      figure(0.4253), figure(0.1738), figure(8), figure(4), figure(0.75), figure(1.0));

  private final List<Configuration> configurations = new java.util.ArrayList<>();
  private final Map<String, ConfigurationResult> results = new LinkedHashMap<>();

  @Test
  void theSplitVersionIsBetterWhenBothItsApdexAndItsFailuresAreBetterBeyondTheRuns() {
    monolith(1, List.of(0.50, 0.55), List.of(0.60, 0.62), "no run");
    split(1, 1, 1, List.of(0.80, 0.85), List.of(0.20, 0.25), List.of(0.5, 0.5), "no run");

    assertThat(verdict(ReplicationFindings.SPLIT_BETTER)).isEqualTo(FindingVerdict.AGREE);
  }

  @Test
  void runsThatOverlapLeaveTheOrderingInconclusive() {
    monolith(1, List.of(0.50, 0.82), List.of(0.60, 0.62), "no run");
    split(1, 1, 1, List.of(0.80, 0.85), List.of(0.20, 0.25), List.of(0.5, 0.5), "no run");

    FindingResult result = find(ReplicationFindings.SPLIT_BETTER);
    assertThat(result.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(result.why()).contains("straddles");
  }

  @Test
  void aMonolithBetterBeyondTheRunsDisagrees() {
    monolith(1, List.of(0.90, 0.92), List.of(0.01, 0.02), "no run");
    split(1, 1, 1, List.of(0.60, 0.65), List.of(0.20, 0.25), List.of(0.5, 0.5), "no run");

    assertThat(verdict(ReplicationFindings.SPLIT_BETTER)).isEqualTo(FindingVerdict.DISAGREE);
  }

  @Test
  void oneRunHasNoNoiseSoNothingIsDecided() {
    monolith(1, List.of(0.50), List.of(0.60), "no run");
    split(1, 1, 1, List.of(0.85), List.of(0.20), List.of(0.5), "no run");

    assertThat(verdict(ReplicationFindings.SPLIT_BETTER)).isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  @Test
  void theReplicaFindingIsTheStudysRatioSoFewerReplicasOnBothSidesStillAgree() {
    monolith(1, List.of(0.5, 0.5), List.of(0.6, 0.6), ConfigurationResult.NO_RUN);
    monolith(2, List.of(0.7, 0.7), List.of(0.3, 0.3), ConfigurationResult.NO_RUN);
    monolith(4, List.of(0.98, 0.98), List.of(0.0, 0.0), ConfigurationResult.EVERY_RUN);
    monolith(8, List.of(0.99, 0.99), List.of(0.0, 0.0), ConfigurationResult.EVERY_RUN);
    split(1, 1, 1, List.of(0.6, 0.6), List.of(0.2, 0.2), List.of(0.5, 0.5), ConfigurationResult.NO_RUN);
    split(1, 2, 1, List.of(0.98, 0.98), List.of(0.0, 0.0), List.of(0.8, 0.8), ConfigurationResult.EVERY_RUN);
    split(1, 4, 1, List.of(0.99, 0.99), List.of(0.0, 0.0), List.of(0.9, 0.9), ConfigurationResult.EVERY_RUN);

    // x4 against 2 workers: neither is the study's count, their ratio is its 8 / 4.
    FindingResult result = find(ReplicationFindings.REPLICA_RATIO);
    assertThat(result.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(result.figure()).contains("monolith replicas: 1 no run, 2 no run, 4 every run, 8 every run (the fewest:"
        + " 4)", "(the fewest: 2)", "the ratio: 2", "= 2");
  }

  @Test
  void theMonolithNeedingAsFewReplicasAsTheWorkersDisagrees() {
    monolith(2, List.of(0.7, 0.7), List.of(0.3, 0.3), ConfigurationResult.NO_RUN);
    monolith(4, List.of(0.98, 0.98), List.of(0.0, 0.0), ConfigurationResult.EVERY_RUN);
    split(1, 2, 1, List.of(0.9, 0.9), List.of(0.05, 0.06), List.of(0.8, 0.8), ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.99, 0.99), List.of(0.0, 0.0), List.of(0.9, 0.9), ConfigurationResult.EVERY_RUN);

    FindingResult result = find(ReplicationFindings.REPLICA_RATIO);
    assertThat(result.verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(result.figure()).contains("the ratio: 1;");
  }

  @Test
  void aCountThatOnlySomeRunsAcceptLeavesARangeOfRatiosThatStraddlesTheStudys() {
    monolith(4, List.of(0.98, 0.90), List.of(0.0, 0.05), ConfigurationResult.SOME_RUNS);
    monolith(8, List.of(0.98, 0.98), List.of(0.0, 0.0), ConfigurationResult.EVERY_RUN);
    split(1, 4, 1, List.of(0.99, 0.99), List.of(0.0, 0.0), List.of(0.9, 0.9), ConfigurationResult.EVERY_RUN);

    FindingResult result = find(ReplicationFindings.REPLICA_RATIO);
    assertThat(result.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(result.why()).contains("straddles");
    assertThat(result.figure()).contains("(the fewest: 4 to 8)", "the ratio: 1 to 2");
  }

  @Test
  void aSeriesThatNeverFullyAcceptsDisagreesWhenItsBoundAloneExcludesTheRatioAndCannotShowItOtherwise() {
    // The monolith accepts in no run up to x8 while four workers do: it needs more than twice as many.
    monolith(4, List.of(0.6, 0.6), List.of(0.3, 0.3), ConfigurationResult.NO_RUN);
    monolith(8, List.of(0.7, 0.7), List.of(0.2, 0.2), ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.99, 0.99), List.of(0.0, 0.0), List.of(0.9, 0.9), ConfigurationResult.EVERY_RUN);
    FindingResult beyond = find(ReplicationFindings.REPLICA_RATIO);
    assertThat(beyond.verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(beyond.figure()).contains("(the fewest: more than 8)", "the ratio: at least 2.25");

    // Now x8 accepts, but four workers only in some runs and no more workers ran: 2 or less, 2 still possible.
    results.clear();
    configurations.clear();
    monolith(8, List.of(0.98, 0.98), List.of(0.0, 0.0), ConfigurationResult.EVERY_RUN);
    split(1, 2, 1, List.of(0.7, 0.7), List.of(0.2, 0.2), List.of(0.5, 0.5), ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.9, 0.99), List.of(0.0, 0.01), List.of(0.9, 0.9), ConfigurationResult.SOME_RUNS);
    FindingResult open = find(ReplicationFindings.REPLICA_RATIO);
    assertThat(open.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(open.why()).contains("the grid cannot show the ratio: the workers (one gateway, one rest) stop at 4");
    assertThat(open.figure()).contains("(the fewest: at least 4)", "the ratio: at most 2;");
  }

  @Test
  void oneRunLeavesTheRatioInconclusive() {
    monolith(8, List.of(0.98), List.of(0.0), ConfigurationResult.EVERY_RUN);
    split(1, 4, 1, List.of(0.99), List.of(0.0), List.of(0.9), ConfigurationResult.EVERY_RUN);

    assertThat(find(ReplicationFindings.REPLICA_RATIO).why()).contains("ran once");
  }

  @Test
  void theWorkerOnlyPlateauIsReadAtTheMostWorkersWithinTenPointsOfTheSuccessfulAnswers() {
    split(1, 1, 1, List.of(0.5, 0.5), List.of(0.2, 0.2), List.of(0.30, 0.32), ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.9, 0.9), List.of(0.0, 0.0), List.of(0.70, 0.78), ConfigurationResult.EVERY_RUN);
    assertThat(verdict(ReplicationFindings.WORKER_PLATEAU)).isEqualTo(FindingVerdict.AGREE);

    results.clear();
    configurations.clear();
    split(1, 1, 1, List.of(0.5, 0.5), List.of(0.2, 0.2), List.of(0.30, 0.32), ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.9, 0.9), List.of(0.0, 0.0), List.of(0.95, 0.99), ConfigurationResult.EVERY_RUN);
    assertThat(verdict(ReplicationFindings.WORKER_PLATEAU)).isEqualTo(FindingVerdict.DISAGREE);
  }

  @Test
  void theSharesAreJudgedOverTheSuccessfulRequestsNotOverThoseSent() {
    // Failures in the runs: 88-100 % of the OK answers under 800 ms, 76-100 % of those sent. Over the requests sent
    // the plateau would straddle the study's 65-85 %; over the successful ones, the study's denominator, it is above.
    split(1, 1, 1, List.of(0.5, 0.5), List.of(0.2, 0.2), List.of(0.5, 0.6), List.of(0.4, 0.5),
        ConfigurationResult.NO_RUN);
    split(1, 4, 1, List.of(0.9, 0.9), List.of(0.0, 0.13), List.of(0.88, 1.0), List.of(0.76, 1.0),
        ConfigurationResult.SOME_RUNS);

    FindingResult plateau = find(ReplicationFindings.WORKER_PLATEAU);
    assertThat(plateau.verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(plateau.figure()).contains("4: 94.0 % (88.0–100.0 %) (of sent 88.0 % (76.0–100.0 %))");
  }

  @Test
  void theRestsReplicasAndASecondGatewayAreJudgedOnTheirOwnPairs() {
    split(1, 4, 1, List.of(0.9, 0.9), List.of(0.0, 0.0), List.of(0.70, 0.74), ConfigurationResult.EVERY_RUN);
    split(1, 4, 4, List.of(0.9, 0.9), List.of(0.0, 0.0), List.of(0.85, 0.90), ConfigurationResult.EVERY_RUN);
    split(2, 4, 4, List.of(0.99, 0.99), List.of(0.0, 0.0), List.of(0.996, 1.0), ConfigurationResult.EVERY_RUN);

    assertThat(verdict(ReplicationFindings.REST_RAISES)).isEqualTo(FindingVerdict.AGREE);
    FindingResult gateway = find(ReplicationFindings.SECOND_GATEWAY);
    assertThat(gateway.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(gateway.figure()).contains("MSA-1-4-4").contains("a step of");
  }

  @Test
  void aDnsConfigurationIsNotPartOfTheStudysGrid() {
    configurations.add(new Configuration("MON-1-dns", 1, null, null, null, "dns", null));
    results.put("MON-1-dns", result("MON-1-dns", List.of(0.5, 0.5), List.of(0.6, 0.6), List.of(0.5, 0.5), "no run"));

    assertThat(find(ReplicationFindings.SPLIT_BETTER).why()).contains("no monolith x1");
  }

  @Test
  void aConfigurationWithAFaultIsJudgedOnItsCleanRuns() {
    configurations.add(new Configuration("MON-1", 1, null, null, null, null, new Configuration.KillFault("app-1", 5)));
    results.put("MON-1", result("MON-1", List.of(0.5, 0.52), List.of(0.6, 0.6), List.of(0.5, 0.5), "no run"));
    split(1, 1, 1, List.of(0.9, 0.92), List.of(0.1, 0.1), List.of(0.8, 0.8), ConfigurationResult.NO_RUN);

    assertThat(verdict(ReplicationFindings.SPLIT_BETTER)).isEqualTo(FindingVerdict.AGREE);
  }

  private void monolith(int replicas, List<Double> apdex, List<Double> failures, String acceptance) {
    String name = "MON-" + replicas;
    configurations.add(new Configuration(name, replicas, null, null, null, null, null));
    results.put(name, result(name, apdex, failures, apdex, acceptance));
  }

  private void split(int gateway, int worker, int rest, List<Double> apdex, List<Double> failures,
      List<Double> under800OfOk, String acceptance) {
    split(gateway, worker, rest, apdex, failures, under800OfOk, under800OfOk, acceptance);
  }

  private void split(int gateway, int worker, int rest, List<Double> apdex, List<Double> failures,
      List<Double> under800OfOk, List<Double> under800OfSent, String acceptance) {
    String name = "MSA-" + gateway + "-" + worker + "-" + rest;
    configurations.add(new Configuration(name, null, gateway, worker, rest, null, null));
    results.put(name, result(name, apdex, failures, under800OfOk, under800OfSent, acceptance));
  }

  private static ConfigurationResult result(String name, List<Double> apdex, List<Double> failures,
      List<Double> under800OfOk, String acceptance) {
    return result(name, apdex, failures, under800OfOk, under800OfOk, acceptance);
  }

  private static ConfigurationResult result(String name, List<Double> apdex, List<Double> failures,
      List<Double> under800OfOk, List<Double> under800OfSent, String acceptance) {
    Spread none = Spread.of(List.of());
    return new ConfigurationResult(name, "v", "s", "haproxy", null, apdex.size(), 0, 0, 0, 0, 0, 0, 0, 0,
        Spread.of(apdex), Spread.of(failures), none, Spread.of(under800OfOk), none, none, Spread.of(under800OfSent),
        acceptance, 0, 0, null, List.of(), null);
  }

  private FindingVerdict verdict(String id) {
    return find(id).verdict();
  }

  private FindingResult find(String id) {
    return ReplicationFindings.judge(List.of(new FindingClaim(id, "the study's words")), configurations, results,
        STUDY).getFirst();
  }

  private static StudyFigure figure(double value) {
    return new StudyFigure(value, "test");
  }
}
