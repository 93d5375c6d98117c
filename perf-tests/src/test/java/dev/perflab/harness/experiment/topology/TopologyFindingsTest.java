package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The topology findings on series written by hand, each read by the one verdict rule: what the noise of the
 * repetitions cannot order does not count for a finding, nor against it.
 */
class TopologyFindingsTest {

  private static final List<Double> MIXES = List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);
  private static final TopologyAnalysis.Minimum AT_0_4 = new TopologyAnalysis.Minimum("separated",
      new StudyFigure(0.4, "a test"));

  @Test
  void aMinimumAtTheStudysMixBeyondTheNoiseAgrees() {
    TopologyFindings.Judged judged = TopologyFindings.minimum(AT_0_4, series("separated", 85, 636, 450, 340, 460,
        500, 718));

    assertThat(judged.judgement().verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(judged.figure()).startsWith("'separated' lowest at p=0.4 within the noise of 85.0 ms");
  }

  /** The V's bottom at 0.6, 0.4 more than the noise above it: the study's minimum is not there. */
  @Test
  void aMinimumAtAnotherMixBeyondTheNoiseDisagrees() {
    TopologyFindings.Judged judged = TopologyFindings.minimum(AT_0_4, series("separated", 85, 636, 450, 460, 340,
        500, 718));

    assertThat(judged.judgement().verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(judged.figure()).startsWith("'separated' lowest at p=0.6 within the noise of 85.0 ms");
  }

  /** Spring Boot's run of 2026-11-27: lowest at 0.6 (340 ms), 0.4 at 369, within the 85 ms noise: either may be. */
  @Test
  void aMinimumWithTheStudysMixInsideTheNoiseIsInconclusiveEitherWay() {
    TopologyFindings.Judged atSix = TopologyFindings.minimum(AT_0_4, series("separated", 85, 636, 400, 369, 340,
        368, 718));
    TopologyFindings.Judged atFour = TopologyFindings.minimum(AT_0_4, series("separated", 85, 636, 400, 340, 369,
        368, 718));

    assertThat(atSix.judgement().verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(atFour.judgement().verdict()).as("lowest at 0.4, but 0.2, 0.6 and 0.8 within the noise")
        .isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(atFour.judgement().why()).contains("[0.2, 0.4, 0.6, 0.8]");
  }

  @Test
  void fasterAtEveryMixNeedsEveryMixBeyondTheNoise() {
    TopologyAnalysis.Faster faster = new TopologyAnalysis.Faster("w5", "w0");
    TopologySeries w0 = series("w0", 20, 500, 500, 500, 500, 500, 500).get();

    assertThat(TopologyFindings.faster(faster, series("w5", 20, 400, 400, 400, 400, 400, 400), Optional.of(w0))
        .judgement().verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(TopologyFindings.faster(faster, series("w5", 20, 400, 400, 490, 400, 400, 400), Optional.of(w0))
        .judgement().verdict()).as("below at every mix, but inside the noise at one").isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(TopologyFindings.faster(faster, series("w5", 20, 400, 400, 530, 400, 400, 400), Optional.of(w0))
        .judgement().verdict()).as("above beyond the noise at one").isEqualTo(FindingVerdict.DISAGREE);
  }

  @Test
  void aSpanIsFlatOnlyWithItsNoise() {
    TopologyAnalysis.Flat flat = new TopologyAnalysis.Flat("w10", 0.1);

    assertThat(TopologyFindings.flat(flat, series("w10", 10, 500, 505, 510, 500, 495, 500)).judgement().verdict())
        .as("3 % and 10 ms of noise: at most 5 %").isEqualTo(FindingVerdict.AGREE);
    assertThat(TopologyFindings.flat(flat, series("w10", 40, 500, 505, 530, 500, 495, 500)).judgement().verdict())
        .as("7 %, up to 15 % with the noise").isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(TopologyFindings.flat(flat, series("w10", 10, 400, 450, 500, 550, 600, 650)).judgement().verdict())
        .isEqualTo(FindingVerdict.DISAGREE);
  }

  /**
   * Micronaut's pipes and filters of 2026-11-27: one series ranked, two set aside as flat. A finding about every
   * series cannot agree on one of three.
   */
  @Test
  void setAsideSeriesLeaveTheModelFindingInconclusive() {
    TopologyAnalysis.ModelAgrees agrees = new TopologyAnalysis.ModelAgrees(new StudyFigure(0.78, "a test"), null);
    TopologySeries ranked = model("separated", true, 0, List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0),
        List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));
    TopologySeries flat = model("joint-1cpu", false, 0, List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.1),
        List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));

    assertThat(TopologyFindings.model(agrees, List.of(ranked)).judgement().verdict()).isEqualTo(FindingVerdict.AGREE);
    TopologyFindings.Judged withFlat = TopologyFindings.model(agrees, List.of(ranked, flat, flat));
    assertThat(withFlat.judgement().verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(withFlat.judgement().why()).contains("2 set aside as flat");
  }

  /** r 0.77 as measured, below 0.78, but its last three mixes within the noise may rank perfectly: not told. */
  @Test
  void aRankCorrelationIsJudgedOverTheOrdersTheNoiseAllows() {
    TopologyAnalysis.ModelAgrees agrees = new TopologyAnalysis.ModelAgrees(new StudyFigure(0.78, "a test"), null);
    List<Double> rising = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);

    TopologyFindings.Judged plateau = TopologyFindings.model(agrees, List.of(model("separated", true, 20, rising,
        List.of(100.0, 200.0, 300.0, 420.0, 410.0, 405.0))));
    TopologyFindings.Judged reversed = TopologyFindings.model(agrees, List.of(model("separated", true, 20, rising,
        List.of(600.0, 500.0, 400.0, 300.0, 200.0, 100.0))));

    assertThat(plateau.judgement().verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(plateau.figure()).contains("r = 0.77 (0.77 to 1.00 over the orders the noise allows)");
    assertThat(reversed.judgement().verdict()).isEqualTo(FindingVerdict.DISAGREE);
  }

  /** One launch a variant (a smoke run): a V as sharp as the study's, but its noise was never measured. */
  @Test
  void oneLaunchTellsNothingWhateverItsFigures() {
    TopologySeries once = series("separated", 0, 636, 450, 340, 460, 500, 718).map(one -> new TopologySeries(
        one.app(), one.variant(), one.quantity(), one.subject(), one.mixes(), one.measured(), one.predicted(), 0, 1,
        one.solver(), true, 1.0, 0.0, 0.0, 15, 15)).orElseThrow();
    TopologyAnalysis.ModelAgrees agrees = new TopologyAnalysis.ModelAgrees(new StudyFigure(0.78, "a test"), null);

    assertThat(TopologyFindings.minimum(AT_0_4, Optional.of(once)).judgement().why())
        .isEqualTo(TopologyFindings.ONE_LAUNCH);
    assertThat(TopologyFindings.model(agrees, List.of(once)).judgement().verdict())
        .isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  /** All requests' mean response time of a variant at the six mixes, two launches with the noise given. */
  private static Optional<TopologySeries> series(String variant, double noise, double... measured) {
    List<Double> values = Arrays.stream(measured).boxed().toList();
    return Optional.of(new TopologySeries("quarkus", variant, TopologySeries.RESPONSE, TopologyMixRow.ALL, MIXES,
        values, values, noise, 2, "mva", true, 1.0, 0.0, 0.0, 15, 15));
  }

  private static TopologySeries model(String variant, boolean moves, double noise, List<Double> predicted,
      List<Double> measured) {
    double r = new org.apache.commons.math3.stat.correlation.SpearmansCorrelation().correlation(
        predicted.stream().mapToDouble(Double::doubleValue).toArray(),
        measured.stream().mapToDouble(Double::doubleValue).toArray());
    return new TopologySeries("quarkus", variant, TopologySeries.RESPONSE, TopologyMixRow.ALL, MIXES, measured,
        predicted, noise, 2, "mva", moves, r, 1.0, 0.0, 15, 15);
  }
}
