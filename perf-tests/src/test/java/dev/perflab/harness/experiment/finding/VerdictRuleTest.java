package dev.perflab.harness.experiment.finding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one verdict rule, case by case: it agrees and disagrees on the same terms. */
class VerdictRuleTest {

  private static final Claim ABOUT_3_5 = Claim.withinFactor(3.5, 1.25);

  @Test
  void anIntervalInsideTheClaimAgrees() {
    Judgement judged = VerdictRule.judge(new Estimate(3.4, 3.1, 3.9), ABOUT_3_5);

    assertThat(judged.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(judged.why()).isEqualTo("inside the claim (2.80 to 4.38 (3.50 within a factor 1.25))");
  }

  @Test
  void anIntervalOutsideTheClaimDisagreesOnEitherSide() {
    assertThat(VerdictRule.judge(new Estimate(2.5, 2.4, 2.7), ABOUT_3_5).verdict()).isEqualTo(FindingVerdict.DISAGREE);
    assertThat(VerdictRule.judge(new Estimate(5.0, 4.5, 5.5), ABOUT_3_5).verdict()).isEqualTo(FindingVerdict.DISAGREE);
  }

  /** The figure itself inside the claim is not enough: its interval reaches out of it. */
  @Test
  void anIntervalAcrossAnEndOfTheClaimIsInconclusive() {
    Judgement judged = VerdictRule.judge(new Estimate(3.0, 2.5, 3.4), ABOUT_3_5);

    assertThat(judged.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(judged.why()).startsWith("straddles the claim");
    assertThat(VerdictRule.judge(new Estimate(4.0, 2.0, 6.0), ABOUT_3_5).verdict())
        .as("wider than the claim on both sides").isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  /** One repetition: the figure may be far outside the claim, but without its noise it cannot be placed. */
  @Test
  void aFigureWithoutAnIntervalIsInconclusiveWhereverItIs() {
    Judgement judged = VerdictRule.judge(Estimate.unknown(3.96), Claim.atMost(0.25));

    assertThat(judged.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(judged.why()).startsWith("its interval is not known");
  }

  @Test
  void anExactFigureIsPlacedAsItIs() {
    assertThat(VerdictRule.judge(Estimate.exact(0.78), Claim.atLeast(0.78)).verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(VerdictRule.judge(Estimate.exact(0.77), Claim.atLeast(0.78)).verdict())
        .isEqualTo(FindingVerdict.DISAGREE);
  }

  /** The study's pipes-and-filters minimum at p = 0.4: where the noise lets the lowest mix be, against {0.4}. */
  @Test
  void aMinimumIsPlacedAmongTheMixesTheNoiseLeavesPossible() {
    Set<Double> claimed = Set.of(0.4);

    assertThat(VerdictRule.judge(Set.of(0.4), claimed, "lowest at 0.4").verdict())
        .as("lowest at 0.4, every other mix beyond the noise").isEqualTo(FindingVerdict.AGREE);
    assertThat(VerdictRule.judge(Set.of(0.6), claimed, "lowest at 0.4").verdict())
        .as("lowest at 0.6 beyond the noise").isEqualTo(FindingVerdict.DISAGREE);
    assertThat(VerdictRule.judge(Set.of(0.4, 0.6), claimed, "lowest at 0.4").verdict())
        .as("lowest at 0.6, 0.4 within the noise of it").isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(VerdictRule.judge(Set.of(0.2, 0.4), claimed, "lowest at 0.4").verdict())
        .as("lowest at 0.4, 0.2 within the noise of it: the same, the other way").isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  @Test
  void aFindingOfPartsAgreesWhenEveryPartDoesAndDisagreesWhenAnyDoes() {
    FindingVerdict agree = FindingVerdict.AGREE;
    FindingVerdict disagree = FindingVerdict.DISAGREE;
    FindingVerdict inconclusive = FindingVerdict.INCONCLUSIVE;

    assertThat(VerdictRule.every(List.of(agree, agree))).isEqualTo(agree);
    assertThat(VerdictRule.every(List.of(agree, disagree))).isEqualTo(disagree);
    assertThat(VerdictRule.every(List.of(inconclusive, disagree))).isEqualTo(disagree);
    assertThat(VerdictRule.every(List.of(agree, inconclusive))).as("a part set aside").isEqualTo(inconclusive);
    assertThat(VerdictRule.every(List.of())).isEqualTo(inconclusive);
  }

  @Test
  void aClaimOnOneSideOfOneCutsItsRegion() {
    Claim aThirdOfTheCpu = Claim.withinFactor(0.368, 1.25).and(Claim.atMost(1));

    assertThat(aThirdOfTheCpu.lower()).isEqualTo(0.368 / 1.25);
    assertThat(aThirdOfTheCpu.upper()).isEqualTo(0.368 * 1.25);
    assertThat(VerdictRule.judge(new Estimate(0.55, 0.47, 0.62), aThirdOfTheCpu).verdict())
        .as("2026-11-27's 2 GiB run against the thesis's 0.35 / 0.95").isEqualTo(FindingVerdict.DISAGREE);
  }

  record Holder(StudyFigure figure) {}

  @Test
  void aStudysFigureReadsWithItsSourceOrBareAndSaysWhichItIs() {
    Holder cited = StrictYaml.read("figure: {value: 0.368, source: the thesis's CPU at 500 users}", "t.yaml",
        Holder.class);
    Holder bare = StrictYaml.read("figure: 0.33", "t.yaml", Holder.class);

    assertThat(cited.figure()).isEqualTo(new StudyFigure(0.368, "the thesis's CPU at 500 users"));
    assertThat(cited.figure().cited()).isEqualTo("0.37 (the thesis's CPU at 500 users)");
    assertThat(bare.figure().value()).isEqualTo(0.33);
    assertThat(bare.figure().source()).isEqualTo("(the experiment file gives no source)");
    assertThatThrownBy(() -> StrictYaml.read("figure: {value: 0.368}", "t.yaml", Holder.class))
        .isInstanceOf(ConfigFileException.class).hasMessageContaining("t.yaml").hasMessageContaining("source");
  }
}
