package dev.perflab.harness.experiment.autoscaling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
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
    assertThat(result.figure()).contains("spring-boot / quarkus: 2.05 (").contains("3 and 3 runs");
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

  private static FindingResult judge(List<Double> springBoot, List<Double> quarkus, List<Double> micronaut) {
    return AutoscalingFindings.judge(CLAIMS, ANALYSIS, Map.of("spring-boot", springBoot, "quarkus", quarkus,
        "micronaut", micronaut)).getFirst();
  }
}
