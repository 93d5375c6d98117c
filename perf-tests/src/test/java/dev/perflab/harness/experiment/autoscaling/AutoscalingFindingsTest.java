package dev.perflab.harness.experiment.autoscaling;

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
 * The cost finding by the one verdict rule: Spring Boot's cost per run over each cheaper framework's, from three runs
 * a side, within a factor 1.25 of the thesis's 2 and above 1 agrees, wholly outside disagrees, and fewer than three
 * runs leave the interval unknown.
 */
class AutoscalingFindingsTest {

  private static final List<FindingClaim> CLAIMS = List.of(new FindingClaim(AutoscalingFindings.COST_RATIO,
      "a Spring Boot run costs about twice"));
  private static final AutoscalingSpec.AutoscalingAnalysis ANALYSIS = new AutoscalingSpec.AutoscalingAnalysis(
      "spring-boot", List.of("quarkus", "micronaut"), new StudyFigure(2.0, "the thesis"));

  @Test
  void twiceTheCostOfEachCheaperFrameworkAgrees() {
    FindingResult result = judge(List.of(0.0040, 0.0042, 0.0041), List.of(0.0020, 0.0021, 0.0020),
        List.of(0.0021, 0.0020, 0.0022));
    assertThat(result.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(result.figure()).contains("jvm: spring-boot / quarkus 2.05 (").contains("3 and 3 runs");
  }

  @Test
  void theSameCostDisagrees() {
    FindingResult result = judge(List.of(0.0020, 0.0021, 0.0020), List.of(0.0020, 0.0021, 0.0020),
        List.of(0.0021, 0.0020, 0.0022));
    assertThat(result.verdict()).isEqualTo(FindingVerdict.DISAGREE);
  }

  @Test
  void oneRunASideCannotBePlaced() {
    FindingResult result = judge(List.of(0.0040), List.of(0.0020), List.of(0.0020));
    assertThat(result.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(result.figure()).contains("interval not known");
  }

  @Test
  void aFrameworkWithoutRunsLeavesItInconclusive() {
    FindingResult result = judge(List.of(0.0040, 0.0042, 0.0041), List.of(0.0020, 0.0021, 0.0020), List.of());
    assertThat(result.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(result.why()).contains("micronaut has no measured run");
  }

  @Test
  void aCostBelowTheClaimWhereTheDesignCannotReachItIsInconclusive() {
    List<Double> same = List.of(0.0020, 0.0021, 0.0020);
    FindingResult unreachable = judge(same, same, same, reach(1.4));
    assertThat(unreachable.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(unreachable.why()).contains("the design cannot reach the thesis's 2.00: at most 1.40");
    assertThat(judge(same, same, same, reach(1.8)).verdict()).as("a reach inside the band, short of the thesis's 2")
        .isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(judge(same, same, same, reach(2.6)).verdict()).as("a design that could reach it").isEqualTo(
        FindingVerdict.DISAGREE);
  }

  @Test
  void everyModeMustAgree() {
    List<Double> twice = List.of(0.0040, 0.0042, 0.0041);
    List<Double> once = List.of(0.0020, 0.0021, 0.0020);
    Map<String, Map<String, List<Double>>> costs = new LinkedHashMap<>();
    costs.put("jvm", Map.of("spring-boot", twice, "quarkus", once, "micronaut", once));
    costs.put("aot", Map.of("spring-boot", once, "quarkus", once, "micronaut", once));
    FindingResult result = AutoscalingFindings.judge(CLAIMS, ANALYSIS, costs, reach(3)).getFirst();
    assertThat(result.verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(result.figure()).contains("jvm: spring-boot / quarkus 2.05", "aot: spring-boot / quarkus 1.00");
  }

  private static FindingResult judge(List<Double> springBoot, List<Double> quarkus, List<Double> micronaut) {
    return judge(springBoot, quarkus, micronaut, reach(3));
  }

  private static FindingResult judge(List<Double> springBoot, List<Double> quarkus, List<Double> micronaut,
      ReachableCost reach) {
    return AutoscalingFindings.judge(CLAIMS, ANALYSIS, Map.of("jvm", Map.of("spring-boot", springBoot, "quarkus",
        quarkus, "micronaut", micronaut)), reach).getFirst();
  }

  private static ReachableCost reach(double ratio) {
    return new ReachableCost(ratio, 0.01, 0.01, 4, 2.0, 100, 100);
  }
}
